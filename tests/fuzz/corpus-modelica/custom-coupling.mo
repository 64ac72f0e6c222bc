model CustomCouplings
  Shaftwork.Rotational.CustomCoupling freeWheel(tau="w_rel*(d_free*step(w_rel) + d_lock*(1 - step(w_rel)))",
    d_free=1e-05, d_lock=99999.99999999999);
  Shaftwork.Translational.CustomCoupling law(f="c*s_rel + k*t", c=40, k=2);
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, phi(start=0, fixed=true), w(start=1, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=2);
  Modelica.Mechanics.Translational.Components.Mass mass(m=1, s(start=0, fixed=true), v(start=0, fixed=true));
  Modelica.Mechanics.Translational.Components.Fixed wall;
equation
  connect(inertia1.flange_b, freeWheel.flange_a);
  connect(freeWheel.flange_b, inertia2.flange_a);
  connect(mass.flange_b, law.flange_a);
  connect(law.flange_b, wall.flange);
  annotation (experiment(StopTime=1, Interval=0.01));
end CustomCouplings;
