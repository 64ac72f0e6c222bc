within Modelica.Mechanics.Rotational.Examples;
model F0 "Damping in bearing of gear"
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
trans2,-8},{98,8}})));
  Rotational.Components.Damper damper(d=damping) annotation (Placement(
        transformation(
        origin={46,-22},
        extent={{-8,-8},{8,8}},
        rotation=270)));
  Modelica.Blocks.Sources.Sine sine(amplitude=amplitude, f=f, phase=phase)
    annotation (Placement(transformation(extent={{-98,-8},{-82,8}})));
equation
  connect(inertia1.flange_b, idealGear.flange_a)
    annotation (Line( is
transmitted to a load inertia; see the
<a href=\"modelica://Modelica.Mechanics.Rotational.UsersGuide\">User's Guide</a>.</p>
<pre>
  parameter Real x[1] = {1, 2} \"a quote\"; // not a comment: a string
  /* nor this */ end First;
</pre>
<p>Plot <code>inertia2.w</code> and <code>inertia3.w</code> {braces} [brackets] (parentheses) \\ a backslash.</p>
<IMG src=\"modelica://Modelica/Resources/Images/Mechanics/Rotationalmitted to a load inertia; see the
<a href=\"modelica://Modelica.Mechanics.Rotational.UsersGuide\">User's Guide</a>.</p>
<pre>
  parameter Real x[1] = {1, 2} \"a quote\"; // not a comment: a string
  /* nor this */ end First;
</pre>
<p>Plot <code>inertia2.w</code> and <code>inertia3.w</code> {braces} [brackets] (parentheses) \\ a backslash.</p>
<IMG src=\"modelica://Modelica/Resources/Images/Mechanics/Rotational/drive1.png\" ALT=\"drive1\">
</html>", revisions="<html>
<ul>
<lelica.Mechanics.Rotational.Components.Inertia j(J=1);
equation
  connecti><em>2020</em> MSL 4.0.0: <code>freqHz</code> renamed <code>f</code></li>
</ul>
</html>"),
    __Dymola_Commands(file=
      "modelica://Modelica/Resources/Scripts/Dymola/Mechanics/Rotational/First.mos"
        "Simulate and Plot"),
    experiment(StopTime=1.0, Interval=0.001, Tolerance=1e-06, __Dymola_Algorithm="Dassl"),
,
    s(fixed=true),
    L=0.1,
    v(fixed=true))
    annotation (Placement(transformation(extent={{-40,-10},{-20,10}})));
  Components.SpringDamper springDamper(
    s_rel(fixed=true),
    v_rel(fixed=true),
    c=100,
    d=10,
    useHeatPort=true)
    annotation (Placement(transformation(extent={{-10,-10},{10,10}})));
  Components.Damper damper(d=10, useHeatPort=true) annotation (Placement(
        transformation(
        extent={{-10,10},{10,-10}},
        rotation=-90,
        origin={-40,-40})));
  Components.ElastoGap elastoGap(
    c=100,
    d=20,
    s_rel0=-0.02,
    useHeatPort=true)
    annotation (Placement(transformation(extent={{-70,-40},{-50,-20}})));
  Components.Fixed fixed1
    annotation (Placement(transformation(extent={{-50,-70},{-30,-50}})));
  Sources.Force force
    annotation (Placement(transformation(extent={{-70,-10},{-50,10}})));
  Blocks.Sources.Sine sine1(f=1, amplitude=20)
    annotation (Placement(transformation(extent={{-100,-10},{-80,10}})));
  Components.Mass mass2(
    m=1,
    L=0.1,
    s(fixed=false),
    v(fixed=false))
    annotation (Placement(transformation(extent={{20,-10},{40,10}})));
  Components.SupportFriction supportFriction(useHeatPort=true)
    annotation (Placement(transformation(extent={{50,-10},{70,10}})));
  Components.Spring spring(c=100, s_rel(fixed=true))
    annotation (Placement(transformation(extent={{-40,50},{-20,70}})));
  Components.Mass mass3(
    m=1,
    L=0.1,
    s(fixed=false),
    v(fixed=true))
    annotation (Placement(transformation(extent={{-10,50},{10,70}})));
  Components.Brake brake(fn_max=10, useHeatPort=true)
    annotation (Placement(transformation(extent={{20,50},{40,70}})));
  import.Sources.Sine sine2(amplitude=10, f=2)
    annotation (Placement(transformation(extent={{0,80},{20,100}})));
  Components.MassWithStopAndFriction massWithStopAndFriction(
    L=0.1,
    m=1,
    F_prop=0.5,
    F_Coulomb=1,
    F_Stribeck=2,
    fexp=2,
    smin=0,
    smax=0.4,
    v(fixed=true),
    useHeatPort=true)
    annotation (Placement(transformation(extent={{80,50},{100,70}})));
  Thermal.HeatTransfer.Components.Convection convection
    annotation (Placement(transformation(extent={{20,-90},{40,-70}})));
  Blocks.Sources.Constant const(k=20)
    annotation (Placement(transformation(extent={{70,-60},{50,-40}})));
  Thermal.HeatTransfer.Celsius.FixedTemperature TAmbient(T=25)
    "Ambient temperature"
    annotation (Placement(transformation(extent={{70,-90},{50,-70}})));
  Components.Fixed fixed2
    annotation (Placement(transformation(extent={{-100,-40},{-80,-20}})));
  Components.SpringDamper springDamper1(
    c=10000,
    d=1000,
    useHeatPort=true,
    s_rel(fixed=true))
    annotation (Placement(transformation(extent={{50,50},{70,70}})));
equation

  connect(mass1.flange_b, springDamper.flange_a) annotation (Line(
      points={{-21,0},{-10,0}},   color={0,127,0}));
  connect(sine1.y, force.f) annotation (Line(
      points={{-79,0},{-72,0}},   color={0,0,127}));
  connect(force.flange, mass1.flange_a) annotation (Line(
        __Dymola_experimentSetupOutput(equidistant=true, events=true),
    __Dymola_experimentFlags(Advanced(GenerateVariableDependencies=false, OutputModelicaCode=false),
      Evaluate=false, OutputCPUtime=false, OutputFlatModelica=false));
end First;
