model M
  Modelica.Mechanics.Rotational.Components.Inertia a(J=1), b(J=1), c(J=1);
  Modelica.Mechanics.Rotational.Components.IdealGear g(ratio=2);
equation
  connect(a.flange_b, b.flange_a);
  connect(b.flange_b, c.flange_a);
  connect(c.flange_b, g.flange_a);
  connect(g.flange_b, a.flange_a);
end M;
