within Modelica.Mechanics.Rotational.Examples;
model LossyGearDemo1 "Example to show that gear efficiency may lead to stuck motion"
  extends Modelica.Icons.Example;
  output SI.Power PowerLoss = gear.lossPower "Power lost in the gear";
  Rotational.Components.Fixed fixed;
  Rotational.Sources.Torque torque1(useSupport=true);
  Rotational.Components.Inertia Inertia1(J=1);
  Rotational.Components.LossyGear gear(
    ratio=2,
    lossTable=[0, 0.5, 0.5, 0, 0],
    useSupport=true);
  Rotational.Components.Inertia Inertia2(J=1.5, phi(fixed=true, start=0), w(fixed=true, start=0));
  Rotational.Sources.Torque torque2(useSupport=true);
  Modelica.Blocks.Sources.Sine DriveSine(amplitude=10, f=1);
  Modelica.Blocks.Sources.Ramp load(height=5, duration=2, offset=-10);
equation
  connect(Inertia1.flange_b, gear.flange_a);
  connect(gear.flange_b, Inertia2.flange_a);
  connect(torque1.flange, Inertia1.flange_a);
  connect(torque2.flange, Inertia2.flange_b);
  connect(DriveSine.y, torque1.tau);
  connect(load.y, torque2.tau);
  connect(torque1.support, fixed.flange);
  connect(gear.support, fixed.flange);
  connect(torque2.support, fixed.flange);
  annotation (experiment(StopTime=0.5, Interval=0.0005));
end LossyGearDemo1;
