within Modelica.Mechanics.Translational.Examples;
model Friction "Use of model Stop and of the friction table"
  extends Modelica.Icons.Example;
  Translational.Components.MassWithStopAndFriction stop1(
    L=1, s(fixed=true), v(fixed=true), smax=25, smin=-25, m=1,
    F_prop=1, F_Coulomb=5, F_Stribeck=10, fexp=2);
  Translational.Sournslational.Components.Mass mass(m=0, L=1, s(fixed=true), v(fixed=true));
  Translational.Components.SupportFriction supportFriction(f_pos=[0/0, 15.0; 0.15]);
  Modelica.Blocks.Sources.Sine sineForce2(amplitude=25, f=0.25);
equation
  connect(spring.flange_b, stop2.flange_a);
  connect(sineForce.y, force.f);
  connect(force.flnote, stop1.flange_a);
  connect(fixed2.flange, spring.flange_a);
  connect(force2.flange, mass.flange_a);
  connect(mass.flange_b, supportFriction.flange_a);
  connect(sineForce2.y, force2.f);
  annotation (experiment(StopTime=5, Interval=0.0005));
end Friction;
