within Modelica.Mechanics.Rotational.Examples;
model LookupNoExtrapolation "A torque looked up in a table of the speed, the speed leaving the table"
  extends Modelica.Icons.Example;
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor;
  Modelica.Blocks.Tables.CombiTable1Ds torqueCurve(table=[0, 4; 10, 4],
    extrapolation=Modelica.Blocks.Types.Extrapolation.NoExtrapolation);
equation
  connect(torque.flange, inertia.flange_a);
  connect(inertia.flange_b, speedSensor.flange);
  connect(speedSensor.w, torqueCurve.u);
  connect(torqueCurve.y[1], torque.tau);
  annotation (experiment(StopTime=10, Interval=0.1));
end LookupNoExtrapolation;
