within Modelica.Blocks.Examples;
model SmoothTables "Torques from tables with smooth interpolations"
  extends Modelica.Icons.Example;
  Modelica.Blocks.Sources.CombiTimeTable monotone1(table=[0, 0, 0; 1, 1, 1; 3, 2, 2], columns={2, 3},
    smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative1,
    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
  Modelica.Blocks.Sources.CombiTimeTable monotone2(table=[0, 0; 1, 1; 3, 2],
    smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative2,
    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
  Modelica.Blocks.Sources.CombiTimeTable akima(table=[0, 0; 1, 1; 2, 2; 3, 3; 4, 3; 5, 3],
    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative);
  Modelica.Mechanics.Rotational.Sources.Torque torque1;
  Modelica.Mechanics.Rotational.Sources.Torque torque2;
  Modelica.Mechanics.Rotational.Sources.Torque torque3;
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=2, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=2, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(J=2, phi(start=0, fixed=true),
    w(start=0, fixed=true));
equation
  connect(monotone1.y[1], torque1.tau);
  connect(monotone2.y[1], torque2.tau);
  connect(akima.y[1], torque3.tau);
  connect(torque1.flange, inertia1.flange_a);
  connect(torque2.flange, inertia2.flange_a);
  connect(torque3.flange, inertia3.flange_a);
  annotation (experiment(StopTime=5, Interval=0.01));
end SmoothTables;
