within Modelica.Mechanics.Translational.Examples;
model Oscillator "Oscillator demonstrates the use of initial conditions"
  extends Modelica.Icons.Example;
  Translational.Components.Mass mass1(
    L=1,
    s(fixed=true, start=-0.5),
    v(fixed=true, start=0),
    m=1) annotation (Placement(transformation(extent={{-20,40},{0,60}})));
  Translational.Sources.Force force1 annotation (Placement(transformation(extent={{-60,40},{-40,60}})));
  Modelica.Blocks.Sources.Sine sine1(amplitude=1, f=15.9155);
  Translational.Components.Spring spring1(s_rel0=1, c=10000);
  Translational.Components.Fixed fixed1(s0=1);
  Translational.Sources.Force force2;
  Translational.Components.Mass mass2(
    L=1,
    s(fixed=true, start=-0.5),
    v(fixed=true, start=0),
    m=1);
  Translational.Components.Spring spring2(s_rel0=1, c=10000);
  Translational.Components.Fixed fixed2(s0=1);
  Translational.Components.Damper damper1(d=10);
  Modelica.Blocks.Sources.Sine sine2(amplitude=1, f=15.9155);
equation
  connect(mass1.flange_b, spring1.flange_a);
  connect(spring1.flange_b, fixed1.flange);
  connect(force1.flange, mass1.flange_a);
  connect(sine1.y, force1.f);
  connect(mass2.flange_b, spring2.flange_a);
  connect(spring2.flange_b, fixed2.flange);
  connect(damper1.flange_a, spring2.flange_a);
  connect(damper1.flange_b, spring2.flange_b);
  connect(force2.flange, mass2.flange_a);
  connect(sine2.y, force2.f);
  annotation (experiment(StopTime=1.0, Interval=0.001));
end Oscillator;
