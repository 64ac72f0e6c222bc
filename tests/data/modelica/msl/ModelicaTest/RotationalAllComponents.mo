within ModelicaTest.Rotational;
model AllComponents

  Modelica.Mechanics.Rotational.Components.Inertia inertia(
                                                J=3);
  Modelica.Mechanics.Rotational.Components.IdealGear idealGear(
                                                    ratio=3, useSupport=true);
  Modelica.Mechanics.Rotational.Components.IdealPlanetary idealPlanetary(
                                                              ratio=3);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(
                                                 J=2);
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(
                                                 J=4);
  Modelica.Mechanics.Rotational.Components.Spring spring(
                                              c=1e4);
  Modelica.Mechanics.Rotational.Components.Damper damper(
                                              d=10);
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper(
                                                          c=1e4, d=10,
    phi_rel0=1.74532925199433e-005);
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(
    J=2,
    phi(start=0.0174532925199433),
    w(start=2));
  Modelica.Mechanics.Rotational.Components.ElastoBacklash elastoBacklash(
    b=1.74532925199433e-007,
    c=1e4,
    d=20);
  Modelica.Mechanics.Rotational.Components.Inertia inertia4(
                                                 J=2);
  Modelica.Mechanics.Rotational.Components.BearingFriction bearingFriction(
                                                                tau_pos=[0,2],
      peak=1.1,
    useSupport=true);
  Modelica.Mechanics.Rotational.Components.Clutch clutch(
    mue_pos=[0,1],
    peak=1.1,
    cgeo=1.2,
    fn_max=1.3);
  Modelica.Mechanics.Rotational.Components.Inertia inertia5(
                                                 J=3);
  Modelica.Blocks.Sources.Sine sine;
  Modelica.Mechanics.Rotational.Components.Brake brake(useSupport=true);
  Modelica.Blocks.Sources.Sine sine1;
  Modelica.Mechanics.Rotational.Components.LossyGear lossyGear(useSupport=
        true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia6(
    J=2,
    a(fixed=false),
    phi(fixed=true, start=0.0174532925199433),
    w(fixed=true, start=2));
  Modelica.Mechanics.Rotational.Components.Gearbox gear2_1(
    ratio=
      2,
    lossTable=[0,0.9,1,0,0],
    c=1e4,
    d=10,
    b=1.74532925199433e-007,
    useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia7(
                                                 J=3);
  Modelica.Mechanics.Rotational.Components.Inertia inertia8(
                                                 J=3);
  Modelica.Mechanics.Rotational.Sources.Position position(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Fixed fixed1;
  Modelica.Mechanics.Rotational.Components.Fixed fixed2;
  Modelica.Mechanics.Rotational.Components.Inertia inertia9(
                                                 J=3);
  Modelica.Blocks.Sources.Sine sine2;
  Modelica.Blocks.Sources.Sine sine3;
  Modelica.Mechanics.Rotational.Components.Inertia inertia10(
                                                  J=3);
  Modelica.Mechanics.Rotational.Components.Fixed fixed3;
  Modelica.Mechanics.Rotational.Sources.Speed speed(useSupport=true);
  Modelica.Blocks.Sources.Sine sine4;
  Modelica.Mechanics.Rotational.Components.Inertia inertia11(
                                                  J=3);
  Modelica.Mechanics.Rotational.Components.Fixed fixed4;
  Modelica.Mechanics.Rotational.Sources.Accelerate accelerate(useSupport=true);
  Modelica.Blocks.Sources.Sine sine5[3](each amplitude=2);
  Modelica.Mechanics.Rotational.Components.Inertia inertia12(
                                                  J=3);
  Modelica.Mechanics.Rotational.Components.Fixed fixed5;
  Modelica.Mechanics.Rotational.Sources.Move move(useSupport=true);
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=true);
  Modelica.Blocks.Sources.Sine sine6;
  Modelica.Mechanics.Rotational.Sources.Torque2 torque2_1;
  Modelica.Mechanics.Rotational.Components.Inertia inertia13(
                                                  J=3);
  Modelica.Blocks.Sources.Sine sine7;
  Modelica.Mechanics.Rotational.Sources.LinearSpeedDependentTorque
    linearSpeedDependentTorque(tau_nominal=10, w_nominal=10,
    useSupport=true);
  Modelica.Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque
    quadraticSpeedDependentTorque(tau_nominal=100, w_nominal=1,
    useSupport=true);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque constantTorque(
                                                              tau_constant=11,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia14(
                                                  J=3);
  Modelica.Mechanics.Rotational.Sources.TorqueStep torqueStep(
    stepTorque=22,
    offsetTorque=11,
    startTime=1,
    useSupport=true);
  Modelica.Mechanics.Rotational.Components.Fixed fixed6;
  Modelica.Mechanics.Rotational.Sources.ConstantSpeed constantSpeed(
                                                            w_fixed=11,
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia15(
                                                  J=3);
  Modelica.Mechanics.Rotational.Components.RelativeStates relativeStates;
  Modelica.Mechanics.Rotational.Sensors.AngleSensor angleSensor;
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor;
  Modelica.Mechanics.Rotational.Sensors.AccSensor accSensor;
  Modelica.Mechanics.Rotational.Sensors.RelAngleSensor relAngleSensor;
  Modelica.Mechanics.Rotational.Sensors.RelSpeedSensor relSpeedSensor;
  Modelica.Mechanics.Rotational.Sensors.RelAccSensor relAccSensor;
  Modelica.Mechanics.Rotational.Sensors.TorqueSensor torqueSensor;
  Modelica.Mechanics.Rotational.Sensors.PowerSensor powerSensor;
  Modelica.Mechanics.Rotational.Components.Inertia inertia16(
                                                  J=3);
equation
  connect(inertia.flange_b, idealGear.flange_a);
  connect(idealGear.flange_b, idealPlanetary.sun);
  connect(idealGear.support,fixed.flange);
  connect(idealPlanetary.carrier, inertia1.flange_b);
  connect(idealPlanetary.ring, spring.flange_a);
  connect(spring.flange_b, inertia2.flange_a);
  connect(idealPlanetary.ring, damper.flange_a);
  connect(damper.flange_b, inertia2.flange_a);
  connect(springDamper.flange_b, inertia1.flange_a);
  connect(inertia3.flange_b, springDamper.flange_a);
  connect(inertia1.flange_b, elastoBacklash.flange_a);
  connect(elastoBacklash.flange_b, inertia4.flange_a);
  connect(inertia4.flange_b, bearingFriction.flange_a);
  connect(fixed.flange,bearingFriction.support);
  connect(clutch.flange_b, inertia.flange_a);
  connect(inertia5.flange_b, clutch.flange_a);
  connect(sine.y, clutch.f_normalized);
  connect(inertia2.flange_b, brake.flange_a);
  connect(sine1.y, brake.f_normalized);
  connect(fixed.flange,brake.support);
  connect(lossyGear.flange_b, inertia3.flange_a);
  connect(inertia6.flange_b, lossyGear.flange_a);
  connect(lossyGear.support,fixed.flange);
  connect(inertia7.flange_b, gear2_1.flange_a);
  connect(gear2_1.flange_b, inertia8.flange_a);
  connect(fixed1.flange,gear2_1.support);
  connect(fixed2.flange,position.support);
  connect(position.flange,   inertia9.flange_a);
  connect(sine2.y, position.phi_ref);
  connect(sine3.y, speed.w_ref);
  connect(speed.flange,   inertia10.flange_a);
  connect(speed.support,fixed3.flange);
  connect(sine4.y,accelerate.a_ref);
  connect(accelerate.flange,   inertia11.flange_a);
  connect(accelerate.support,fixed4.flange);
  connect(sine5.y, move.u);
  connect(move.flange,   inertia12.flange_a);
  connect(move.support,fixed5.flange);
  connect(brake.flange_b,torque.flange);
  connect(fixed.flange,torque.support);
  connect(sine6.y, torque.tau);
  connect(torque2_1.flange_a, inertia10.flange_b);
  connect(torque2_1.flange_b, inertia13.flange_a);
  connect(sine7.y, torque2_1.tau);
  connect(linearSpeedDependentTorque.flange, inertia7.flange_a);
  connect(linearSpeedDependentTorque.support,fixed1.flange);
  connect(quadraticSpeedDependentTorque.flange, inertia8.flange_b);
  connect(fixed1.flange,quadraticSpeedDependentTorque.support);
  connect(constantTorque.flange, inertia14.flange_a);
  connect(torqueStep.flange, inertia14.flange_a);
  connect(fixed6.flange,torqueStep.support);
  connect(fixed6.flange,constantTorque.support);
  connect(torqueStep.support,constantSpeed.support);
  connect(constantSpeed.flange, inertia15.flange_a);
  connect(inertia8.flange_b, relativeStates.flange_b);
  connect(relativeStates.flange_a, inertia7.flange_b);
  connect(inertia11.flange_b,angleSensor.flange);
  connect(inertia11.flange_b,speedSensor.flange);
  connect(inertia11.flange_b,accSensor.flange);
  connect(inertia9.flange_b, relAngleSensor.flange_a);
  connect(inertia13.flange_b, relAngleSensor.flange_b);
  connect(inertia13.flange_b, relSpeedSensor.flange_a);
  connect(inertia12.flange_b, relSpeedSensor.flange_b);
  connect(inertia13.flange_b, relAccSensor.flange_a);
  connect(relAccSensor.flange_b, inertia12.flange_b);
  connect(inertia15.flange_b, torqueSensor.flange_b);
  connect(torqueSensor.flange_a, powerSensor.flange_b);
  connect(inertia16.flange_b, powerSensor.flange_a);
  annotation (experiment(StopTime=0.9));
end AllComponents;
