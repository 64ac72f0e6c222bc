within Modelica.Mechanics.Translational.Examples;
model InitialConditions "Setting of initial conditions"

  extends Modelica.Icons.Example;

  Translational.Components.Fixed fixed2(s0=1) annotation (Placement(
        transformation(extent={{-90,30},{-70,50}})));
  Translational.Components.Spring s2(s_rel0=2, c=1e3) annotation (Placement(
        transformation(extent={{-60,30},{-40,50}})));
  Translational.Components.Mass m3(
    L=3,
    s(start=4.5, fixed=true),
    v(fixed=true),
    m=1) annotation (Placement(transformation(extent={{-20,30},{0,50}})));
  Translational.Components.SpringDamper sd2(
    s_rel0=4,
    c=111,
    d=1) annotation (Placement(transformation(extent={{20,30},{40,50}})));
  Translational.Components.Mass m4(
    L=5,
    s(start=12.5, fixed=true),
    v(fixed=true),
    m=1) annotation (Placement(transformation(extent={{60,30},{80,50}})));

  Translational.Components.Fixed fixed1(s0=-1) annotation (Placement(
        transformation(extent={{-100,-70},{-80,-50}})));
  Translational.Components.Spring s1(
    s_rel0=1,
    c=1e3,
    s_rel(start=0.5, fixed=true)) annotation (Placement(transformation(
          extent={{-60,-70},{-40,-50}})));
  Translational.Components.Mass m1(
    L=1,
    v(fixed=true),
    m=1) annotation (Placement(transformation(extent={{-20,-70},{0,-50}})));
  Translational.Components.SpringDamper sd1(
    s_rel0=1,
    c=111,
    s_rel(start=1, fixed=true),
    v_rel(fixed=true),
    d=1) annotation (Placement(transformation(extent={{20,-70},{40,-50}})));
  Translational.Components.Mass m2(L=2, m=1) annotation (Placement(
        transformation(extent={{60,-70},{80,-50}})));
equation
  connect(s2.flange_a, fixed2.flange) annotation (Line(
      points={{-60,40},{-80,40}}, color={0,127,0}));
  connect(s1.flange_a, fixed1.flange) annotation (Line(
      points={{-60,-60},{-90,-60}}, color={0,127,0}));
  connect(m1.flange_a, s1.flange_b) annotation (Line(
      points={{-20,-60},{-40,-60}}, color={0,127,0}));
  connect(sd1.flange_a, m1.flange_b) annotation (Line(
      points={{20,-60},{0,-60}}, color={0,127,0}));
  connect(m2.flange_a, sd1.flange_b) annotation (Line(
      points={{60,-60},{40,-60}}, color={0,127,0}));
  connect(m4.flange_a, sd2.flange_b) annotation (Line(
      points={{60,40},{40,40}}, color={0,127,0}));
  connect(sd2.flange_a, m3.flange_b) annotation (Line(
      points={{20,40},{0,40}}, color={0,127,0}));
  connect(m3.flange_a, s2.flange_b) annotation (Line(
      points={{-20,40},{-40,40}}, color={0,127,0}));
  annotation (
    experiment(StopTime=5.0, Interval=0.001));
end InitialConditions;
