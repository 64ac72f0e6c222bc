within Modelica.Mechanics.Rotational.Examples;
model First "First example: simple drive train"
  extends Modelica.Icons.Example;
  import Modelica.Units.SI;
  import Modelica.Constants.pi;
  parameter Modelica.Units.SI.Torque amplitude=10
    "Amplitude of driving torque";
  parameter SI.Frequency f=5 "Frequency of driving torque";
  parameter SI.Inertia Jmotor(min=0) = 0.1 "Motor inertia";
  parameter SI.Inertia Jload(min=0) = 2 "Load inertia";
  final parameter Real ratio(unit="1") = 10 "Gear ratio";
  parameter SI.RotationalDampingConstant damping=10 "Damping in bearing of gear"
    annotation (Dialog(group="Gear", enable=true));
  parameter SI.Angle phase=0*pi "Phase of the sine";

  Rotational.Components.Fixed fixed
    annotation (Placement(transformation(extent={{38,-48},{54,-32}})));
  Rotational.Sources.Torque torque(useSupport=true)
    annotation (Placement(transformation(extent={{-68,-8},{-52,8}})));
  Rotational.Components.Inertia inertia1(J=Jmotor, stateSelect=StateSelect.default)
    annotation (Placement(transformation(extent={{-38,-8},{-22,8}})));
  Rotational.Components.IdealGear idealGear(final ratio=ratio, useSupport=true)
    annotation (Placement(transformation(extent={{-8,-8},{8,8}})));
  Rotational.Components.Inertia inertia2(
    J=2,
    phi(fixed=true, start=0),
    w(fixed=true, start=0))
    annotation (Placement(transformation(extent={{22,-8},{38,8}})));
  Rotational.Components.Spring spring(c=1.e4, phi_rel(fixed=true))
    annotation (Placement(transformation(extent={{52,-8},{68,8}})));
  Rotational.Components.Inertia inertia3(J=Jload, w(fixed=true, start=0))
    annotation (Placement(transformation(extent={{82,-8},{98,8}})));
  Rotational.Components.Damper damper(d=damping) annotation (Placement(
        transformation(
        origin={46,-22},
        extent={{-8,-8},{8,8}},
        rotation=270)));
  Modelica.Blocks.Sources.Sine sine(amplitude=amplitude, f=f, phase=phase)
    annotation (Placement(transformation(extent={{-98,-8},{-82,8}})));
equation
  connect(inertia1.flange_b, idealGear.flange_a)
    annotation (Line(points={{-22,0},{-8,0}}));
  connect(idealGear.flange_b, inertia2.flange_a)
    annotation (Line(points={{8,0},{22,0}}));
  connect(inertia2.flange_b, spring.flange_a)
    annotation (Line(points={{38,0},{52,0}}));
  connect(spring.flange_b, inertia3.flange_a)
    annotation (Line(points={{68,0},{82,0}}));
  connect(damper.flange_a, inertia2.flange_b)
    annotation (Line(points={{46,-14},{46,0},{38,0}}));
  connect(damper.flange_b, fixed.flange)
    annotation (Line(points={{46,-30},{46,-40}}));
  connect(sine.y, torque.tau)
    annotation (Line(points={{-81.2,0},{-69.6,0}}, color={0,0,127}));
  connect(torque.support, fixed.flange)
    annotation (Line(points={{-60,-8},{-60,-40},{46,-40}}));
  connect(idealGear.support, fixed.flange)
    annotation (Line(points={{0,-8},{0,-40},{46,-40}}));
  connect(torque.flange, inertia1.flange_a) annotation (Line(
      points={{-52,0},{-38,0}}));
  annotation (
    Icon(coordinateSystem(preserveAspectRatio=false, extent={{-100,-100},{100,100}}),
      graphics={Ellipse(lineColor={75,138,73}, fillColor={255,255,255},
        fillPattern=FillPattern.Solid, extent={{-100,-100},{100,100}}),
        Polygon(lineColor={0,0,255}, fillColor={75,138,73}, pattern=LinePattern.None,
        fillPattern=FillPattern.Solid, points={{-36,60},{64,0},{-36,-60},{-36,60}}),
        Text(extent={{-150,110},{150,150}}, textString="%name", textColor={0,0,255})}),
    Diagram(coordinateSystem(preserveAspectRatio=false, extent={{-100,-100},{100,100}}),
      graphics={Text(extent={{-80,60},{80,40}}, textString="{inertia1} \"drives\" {inertia3}",
        horizontalAlignment=TextAlignment.Left)}),
    Documentation(info="<html>
<p>The drive train consists of a motor inertia which is driven by
a sine-wave motor torque. Via a gearbox the rotational energy is
transmitted to a load inertia; see the
<a href=\"modelica://Modelica.Mechanics.Rotational.UsersGuide\">User's Guide</a>.</p>
<pre>
  parameter Real x[2] = {1, 2} \"a quote\"; // not a comment: a string
  /* nor this */ end First;
</pre>
<p>Plot <code>inertia2.w</code> and <code>inertia3.w</code> {braces} [brackets] (parentheses) \\ a backslash.</p>
<IMG src=\"modelica://Modelica/Resources/Images/Mechanics/Rotational/drive1.png\" ALT=\"drive1\">
</html>", revisions="<html>
<ul>
<li><em>2020</em> MSL 4.0.0: <code>freqHz</code> renamed <code>f</code></li>
</ul>
</html>"),
    __Dymola_Commands(file=
      "modelica://Modelica/Resources/Scripts/Dymola/Mechanics/Rotational/First.mos"
        "Simulate and Plot"),
    experiment(StopTime=1.0, Interval=0.001, Tolerance=1e-06, __Dymola_Algorithm="Dassl"),
    __Dymola_experimentSetupOutput(equidistant=true, events=true),
    __Dymola_experimentFlags(Advanced(GenerateVariableDependencies=false, OutputModelicaCode=false),
      Evaluate=false, OutputCPUtime=false, OutputFlatModelica=false));
end First;
