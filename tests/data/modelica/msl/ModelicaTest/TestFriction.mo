within ModelicaTest.Rotational;
model TestFriction "Test friction elements"

  Modelica.Mechanics.Rotational.Components.Inertia inertia;
  Modelica.Mechanics.Rotational.Components.BearingFriction bearingFriction(
      useSupport=false);
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=false);
  Modelica.Blocks.Sources.Sine sine(amplitude=10);
  Modelica.Mechanics.Rotational.Components.Inertia inertia1;
  Modelica.Mechanics.Rotational.Sources.Torque torque1(useSupport=false);
  Modelica.Blocks.Sources.Sine sine1(amplitude=10);
  Modelica.Mechanics.Rotational.Components.Brake brake(useSupport=false);
  Modelica.Blocks.Sources.Step step(height=100, startTime=0.5);
  Modelica.Mechanics.Rotational.Components.Inertia inertia2;
  Modelica.Mechanics.Rotational.Sources.Torque torque2(useSupport=false);
  Modelica.Blocks.Sources.Sine sine2(amplitude=10);
  Modelica.Mechanics.Rotational.Components.Clutch clutch;
  Modelica.Mechanics.Rotational.Components.Inertia inertia3;
  Modelica.Blocks.Sources.Step step1(height=100, startTime=0.5);
  Modelica.Mechanics.Rotational.Components.Inertia inertia4;
  Modelica.Mechanics.Rotational.Sources.Torque torque3(useSupport=false);
  Modelica.Blocks.Sources.Sine sine3(amplitude=10);
  Modelica.Mechanics.Rotational.Components.Inertia inertia5;
  Modelica.Blocks.Sources.Step step2(height=100, startTime=0.5);
  Modelica.Mechanics.Rotational.Components.OneWayClutch oneWayClutch;
equation
  connect(inertia.flange_b, bearingFriction.flange_a);
  connect(torque.flange,   inertia.flange_a);
  connect(sine.y, torque.tau);
  connect(torque1.flange,   inertia1.flange_a);
  connect(sine1.y, torque1.tau);
  connect(inertia1.flange_b, brake.flange_a);
  connect(step.y, brake.f_normalized);
  connect(torque2.flange,   inertia2.flange_a);
  connect(sine2.y, torque2.tau);
  connect(inertia2.flange_b, clutch.flange_a);
  connect(clutch.flange_b, inertia3.flange_a);
  connect(step1.y, clutch.f_normalized);
  connect(torque3.flange,   inertia4.flange_a);
  connect(sine3.y, torque3.tau);
  connect(step2.y, oneWayClutch.f_normalized);
  connect(oneWayClutch.flange_b, inertia4.flange_b);
  connect(oneWayClutch.flange_a, inertia5.flange_a);
  annotation (experiment(StopTime=1.1));
end TestFriction;
