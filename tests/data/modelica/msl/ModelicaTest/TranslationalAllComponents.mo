within ModelicaTest.Translational;
model AllComponents
  extends Modelica.Icons.Example;

  Modelica.Mechanics.Translational.Components.Mass slidingMass(
    m=1,
    s(fixed=true),
    v(fixed=true));
  Modelica.Mechanics.Translational.Components.Rod rod(L=0);
  Modelica.Mechanics.Translational.Components.Spring spring(c=1);
  Modelica.Mechanics.Translational.Components.Damper damper(
                                                 d=10, s_rel(fixed=true));
  Modelica.Mechanics.Translational.Components.Mass slidingMass1(m=1);
  Modelica.Mechanics.Translational.Components.SpringDamper springDamper(
    c=1,
    d=1,
    s_rel(fixed=true),
    v_rel(fixed=true));
  Modelica.Mechanics.Translational.Components.Mass slidingMass2(m=1);
  Modelica.Mechanics.Translational.Components.ElastoGap elastoGap(
    c=1,
    d=1,
    s_rel(fixed=true),
    v_rel(fixed=true));
  Modelica.Mechanics.Translational.Components.Mass slidingMass3(m=1);
  Modelica.Mechanics.Translational.Sources.Position position(v(fixed=true));
  Modelica.Blocks.Sources.Sine sine(freqHz=1);
  Modelica.Mechanics.Translational.Components.Mass slidingMass4(m=1);
  Modelica.Mechanics.Translational.Sources.Speed position1;
  Modelica.Blocks.Sources.Sine sine1(freqHz=1);
  Modelica.Mechanics.Translational.Components.Mass slidingMass5(m=1);
  Modelica.Mechanics.Translational.Sources.Accelerate position2;
  Modelica.Blocks.Sources.Sine sine2(freqHz=1);
  Modelica.Mechanics.Translational.Components.Mass slidingMass6(m=1);
  Modelica.Mechanics.Translational.Sources.Move position3;
  Modelica.Blocks.Sources.Sine sine3[3](freqHz={1,1,1});
  Modelica.Mechanics.Translational.Components.Mass slidingMass7(m=1);
  Modelica.Mechanics.Translational.Sources.Force force;
  Modelica.Mechanics.Translational.Components.RelativeStates relativeStates(s_rel(
        fixed=true), v_rel(fixed=true));
  Modelica.Blocks.Sources.Sine sine4(freqHz=1);
equation
  connect(slidingMass.flange_b, rod.flange_a);
  connect(rod.flange_b, spring.flange_a);
  connect(spring.flange_b, damper.flange_a);
  connect(damper.flange_b, slidingMass1.flange_a);
  connect(slidingMass.flange_b, springDamper.flange_a);
  connect(springDamper.flange_b, slidingMass2.flange_a);
  connect(slidingMass2.flange_b, elastoGap.flange_a);
  connect(elastoGap.flange_b, slidingMass3.flange_a);
  connect(sine.y, position.s_ref);
  connect(position.flange,   slidingMass4.flange_a);
  connect(position1.flange,   slidingMass5.flange_a);
  connect(position2.flange,   slidingMass6.flange_a);
  connect(position3.flange,   slidingMass7.flange_a);
  connect(sine1.y, position1.v_ref);
  connect(sine2.y,position2.a_ref);
  connect(sine3.y, position3.u);
  connect(force.flange,   springDamper.flange_a);
  connect(slidingMass.flange_b, relativeStates.flange_a);
  connect(relativeStates.flange_b, damper.flange_a);
  connect(sine4.y, force.f);
  annotation (      experiment(StopTime=1.1));
end AllComponents;
