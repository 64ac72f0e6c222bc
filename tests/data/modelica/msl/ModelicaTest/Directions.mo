within ModelicaTest.Rotational.ForUsersGuide;
model Directions
  extends Modelica.Icons.Example;

  Modelica.Blocks.Sources.Sine sine(freqHz=1);
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J1(
    J=0.2,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=5,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J2(J=5);
  Modelica.Blocks.Sources.Sine sine1(freqHz=1);
  Modelica.Mechanics.Rotational.Sources.Torque torque1(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J3(
    J=0.2,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.IdealGear gear1(ratio=1/5,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J4(J=5);
  Modelica.Blocks.Sources.Sine sine2(freqHz=1);
  Modelica.Mechanics.Rotational.Sources.Torque torque2(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J5(
    J=0.2,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.IdealGear gear2(ratio=1/5,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J6(J=5);
  Modelica.Mechanics.Rotational.Components.Fixed fixed1;
  Modelica.Mechanics.Rotational.Components.Fixed fixed2;
  Modelica.Mechanics.Rotational.Components.Fixed fixed3;
equation
  connect(sine.y, torque.tau);
  connect(torque.flange, J1.flange_a);
  connect(gear.flange_b, J2.flange_a);
  connect(J1.flange_b, gear.flange_a);
  connect(sine1.y, torque1.tau);
  connect(torque1.flange, J3.flange_a);
  connect(J3.flange_b, gear1.flange_b);
  connect(gear1.flange_a, J4.flange_a);
  connect(sine2.y, torque2.tau);
  connect(torque2.flange, J5.flange_a);
  connect(J5.flange_b, gear2.flange_b);
  connect(gear2.flange_a, J6.flange_b);
  connect(torque.support, fixed1.flange);
  connect(fixed1.flange, gear.support);
  connect(torque1.support, fixed2.flange);
  connect(fixed2.flange, gear1.support);
  connect(torque2.support, fixed3.flange);
  connect(fixed3.flange, gear2.support);
  annotation (experiment(StopTime=2));
end Directions;
