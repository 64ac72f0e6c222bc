model Cond
  parameter Boolean useC = true;
  parameter Boolean useD = true;
  Modelica.Blocks.Sources.Constant c(k=1) if 2 "a torque of 1";
  Modelica.Blocks.Sources.Constant d(k=3) if useD and not useC "a torque of 3";
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, phi(fixed=true, start=0), w(fixed=true, start=0));
equation
  connect(c.y, torque.tau);
  connect(d.y, torque.tau);
  connect(torque.flange, inertia1.flange_a);
  annotation(experiment(StopTime=1, Interval=0.5));
end Cond;
