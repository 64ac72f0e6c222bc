within ;
model First "First example: simple drive train"
  extends Modelica.Icons.Example;
  parameter Modelica.Units.SI.Torque amplitude = 10 "Amplitude of driving torque";
  parameter Modelica.Units.SI.Frequency f = 5 "Frequency of driving torque";
  parameter Modelica.Units.SI.Inertia Jmotor(min = 0) = 0.1 "Motor inertia";
  parameter Modelica.Units.SI.Inertia Jload(min = 0) = 2 "Load inertia";
  parameter Real ratio = 10 "Gear ratio";
  parameter Real damping = 10 "Damping in bearing of gear";
  Modelica.Mechanics.Rotational.Components.Fixed fixed annotation(
    Placement(visible = true, transformation(origin = {46, -40}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport = true) annotation(
    Placement(visible = true, transformation(origin = {-60, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = Jmotor) annotation(
    Placement(visible = true, transformation(origin = {-30, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.IdealGear idealGear(ratio = ratio, useSupport = true) annotation(
    Placement(visible = true, transformation(origin = {0, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J = 2, phi(fixed = true, start = 0), w(fixed = true, start = 0)) annotation(
    Placement(visible = true, transformation(origin = {30, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Spring spring(c = 1.e4, phi_rel(fixed = true)) annotation(
    Placement(visible = true, transformation(origin = {60, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(J = Jload, w(fixed = true, start = 0)) annotation(
    Placement(visible = true, transformation(origin = {90, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Damper damper(d = damping) annotation(
    Placement(visible = true, transformation(origin = {46, -22}, extent = {{-8, -8}, {8, 8}}, rotation = -90)));
  Modelica.Blocks.Sources.Sine sine(amplitude = amplitude, f = f) annotation(
    Placement(visible = true, transformation(origin = {-90, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
equation
  connect(inertia1.flange_b, idealGear.flange_a) annotation(
    Line(points = {{-22, 0}, {-8, 0}}));
  connect(idealGear.flange_b, inertia2.flange_a) annotation(
    Line(points = {{8, 0}, {22, 0}}));
  connect(inertia2.flange_b, spring.flange_a) annotation(
    Line(points = {{38, 0}, {52, 0}}));
  connect(spring.flange_b, inertia3.flange_a) annotation(
    Line(points = {{68, 0}, {82, 0}}));
  connect(damper.flange_a, inertia2.flange_b) annotation(
    Line(points = {{46, -14}, {46, 0}, {38, 0}}));
  connect(damper.flange_b, fixed.flange) annotation(
    Line(points = {{46, -30}, {46, -40}}));
  connect(sine.y, torque.tau) annotation(
    Line(points = {{-81.2, 0}, {-69.6, 0}}, color = {0, 0, 127}));
  connect(torque.support, fixed.flange) annotation(
    Line(points = {{-60, -8}, {-60, -40}, {46, -40}}));
  connect(idealGear.support, fixed.flange) annotation(
    Line(points = {{0, -8}, {0, -40}, {46, -40}}));
  connect(torque.flange, inertia1.flange_a) annotation(
    Line(points = {{-52, 0}, {-38, 0}}));
  annotation(
    uses(Modelica(version="4.0.0")), __Dymola_Commands(file="First.mos" "Simulate and Plot"), __Dymola_experimentSetupOutput, __Dymola_selections={Selection(name="speeds", match={MatchVariable(name="inertia*.w")})},
    experiment(StartTime = 0, StopTime = 1, Tolerance = 1e-06, Interval = 0.001),
    Diagram(coordinateSystem(extent = {{-100, -100}, {100, 100}})),
    Icon(coordinateSystem(extent = {{-100, -100}, {100, 100}})),
    version = "");
end First;
