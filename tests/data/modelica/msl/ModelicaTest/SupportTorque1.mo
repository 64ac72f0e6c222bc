within ModelicaTest.Rotational.ForUsersGuide;
model SupportTorque1
  extends Modelica.Icons.Example;

  Modelica.Blocks.Sources.Sine sine2(freqHz=1);
  Modelica.Mechanics.Rotational.Sources.Torque torque2(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Fixed fixed1;
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.IdealGear idealGear2(ratio=1,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia4(J=1);
  Modelica.Mechanics.Rotational.Components.BearingFriction bearingFriction1(
     useSupport=true);
equation
  connect(sine2.y, torque2.tau);
  connect(torque2.support, fixed1.flange);
  connect(torque2.flange, inertia3.flange_a);
  connect(fixed1.flange, idealGear2.support);
  connect(inertia3.flange_b, idealGear2.flange_a);
  connect(idealGear2.flange_b, bearingFriction1.flange_a);
  connect(bearingFriction1.flange_b, inertia4.flange_a);
  connect(fixed1.flange, bearingFriction1.support);
  annotation (experiment(StopTime=1.1));
end SupportTorque1;
