model M
  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);
equation
  connect(j.flange_a[1e400], j.flange_b);
end M;
