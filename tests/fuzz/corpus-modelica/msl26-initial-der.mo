model Der
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=2);
  Modelica.Mechanics.Rotational.Components.Spring spring(c=100);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=10);
initial equation
  inertia1.phi = 0.1;
  der(inertia1.w) = 0;
equation
  connect(fixed.flange, spring.flange_a);
  connect(spring.flange_b, inertia1.flange_a);
  connect(torque.flange, inertia1.flange_b);
  annotation(experiment(StopTime=1, Interval=0.5));
end Der;
