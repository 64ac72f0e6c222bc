within Modelica.Mechanics.Rotational.Examples;
model SpeedDependentTorque "Torques looked up in tables of the speed"
  extends Modelica.Icons.Example;
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=2, phi(start=0, fixed=true),
    w(start=0, fixed=true)) annotation (Placement(transformation(extent={{20,20},{40,40}})));
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor1
    annotation (Placement(transformation(extent={{50,20},{70,40}})));
  Modelica.Blocks.Tables.CombiTable1Ds torqueCurve1(table=[2, 8, 0; 4, 6, 0],
    extrapolation=Modelica.Blocks.Types.Extrapolation.LastTwoPoints)
    annotation (Placement(transformation(extent={{-60,20},{-40,40}})));
  Modelica.Mechanics.Rotational.Sources.Torque torque1
    annotation (Placement(transformation(extent={{-20,20},{0,40}})));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1, phi(start=0, fixed=true),
    w(start=0, fixed=true)) annotation (Placement(transformation(extent={{20,-40},{40,-20}})));
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor2
    annotation (Placement(transformation(extent={{50,-40},{70,-20}})));
  Modelica.Blocks.Tables.CombiTable1Dv torqueCurve2(table=[0, 0, 10; 4, 0, 6], columns={3},
    smoothness=Modelica.Blocks.Types.Smoothness.LinearSegments,
    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint)
    annotation (Placement(transformation(extent={{-60,-40},{-40,-20}})));
  Modelica.Mechanics.Rotational.Sources.Torque torque2
    annotation (Placement(transformation(extent={{-20,-40},{0,-20}})));
equation
  connect(inertia1.flange_b, speedSensor1.flange)
    annotation (Line(points={{40,30},{50,30}}));
  connect(speedSensor1.w, torqueCurve1.u)
    annotation (Line(points={{71,30},{80,30},{80,60},{-70,60},{-70,30},{-62,30}}, color={0,0,127}));
  connect(torqueCurve1.y[1], torque1.tau)
    annotation (Line(points={{-39,30},{-22,30}}, color={0,0,127}));
  connect(torque1.flange, inertia1.flange_a)
    annotation (Line(points={{0,30},{20,30}}));
  connect(inertia2.flange_b, speedSensor2.flange)
    annotation (Line(points={{40,-30},{50,-30}}));
  connect(speedSensor2.w, torqueCurve2.u[1])
    annotation (Line(points={{71,-30},{80,-30},{80,-60},{-70,-60},{-70,-30},{-62,-30}}, color={0,0,127}));
  connect(torqueCurve2.y[1], torque2.tau)
    annotation (Line(points={{-39,-30},{-22,-30}}, color={0,0,127}));
  connect(torque2.flange, inertia2.flange_a)
    annotation (Line(points={{0,-30},{20,-30}}));
  annotation (experiment(StopTime=4, Interval=0.01), Documentation(info="<html>
<p>Two inertias driven by torques that fall with their speed, each looked up in a table of the speed
measured: torqueCurve1 extrapolates the line through its two points below the table (tau = 10 - w),
torqueCurve2 holds its last point above it (tau = 6 from w = 4).</p>
</html>"));
end SpeedDependentTorque;
