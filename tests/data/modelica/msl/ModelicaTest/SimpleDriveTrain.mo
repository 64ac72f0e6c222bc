within ModelicaTest.Rotational.ForUsersGuide;
model SimpleDriveTrain
  extends Modelica.Icons.Example;

  Modelica.Blocks.Sources.Sine sine(freqHz=1);
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Components.Inertia J1(
    J=0.2,
    phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=5,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia J2(J=5);
equation
  connect(sine.y, torque.tau);
  connect(torque.support, fixed.flange);
  connect(torque.flange, J1.flange_a);
  connect(gear.flange_b, J2.flange_a);
  connect(fixed.flange, gear.support);
  connect(J1.flange_b, gear.flange_a);
  annotation (experiment(StopTime=1.1));
end SimpleDriveTrain;
