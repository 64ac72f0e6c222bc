within Modelica.Mechanics.Translational.Examples;
model Damper "Use of damper models"
  extends Modelica.Icons.Example;
  Translational.Components.Mass mass1(L=1, s(start=3, fixed=true), v(start=10, fixed=true), m=1);
  Translational.Components.Damper damper1(d=25);
  Translational.Components.Fixed fixed1(s0=4.5);
  Translational.Components.Mass mass2(L=1, s(start=3, fixed=true), v(start=10, fixed=true), m=1);
  Translational.Components.Damper damper2(d=25);
  Translational.Components.Fixed fixed2(s0=4.5);
  Translational.Components.Mass mass3(L=1, s(start=3, fixed=true), v(start=10, fixed=true), m=1);
  Translational.Components.Fixed fixed3(s0=4.5);
  Translational.Components.Spring spring2(s_rel0=1, c=1);
  Translational.Components.SpringDamper springDamper3(s_rel0=1, d=25, c=1);
equation
  connect(mass1.flange_b, damper1.flange_a);
  connect(mass2.flange_b, damper2.flange_a);
  connect(damper2.flange_b, fixed2.flange);
  connect(damper1.flange_b, fixed1.flange);
  connect(mass3.flange_b, springDamper3.flange_a);
  connect(springDamper3.flange_b, fixed3.flange);
  connect(damper2.flange_a, spring2.flange_a);
  connect(damper2.flange_b, spring2.flange_b);
  annotation (experiment(StopTime=1.0, Interval=0.001));
end Damper;
