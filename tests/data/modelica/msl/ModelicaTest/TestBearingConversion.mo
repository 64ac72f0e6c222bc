within ModelicaTest.Rotational;
model TestBearingConversion
  "Test, whether conversion of bearing to support is correctly performed"

  Modelica.Mechanics.Rotational.Components.IdealGear idealGear(useSupport=
        false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia;
  Modelica.Mechanics.Rotational.Components.IdealGear idealGear1(useSupport=
        true);
  Modelica.Mechanics.Rotational.Components.BearingFriction bearingFriction(
      useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia1;
  Modelica.Mechanics.Rotational.Components.BearingFriction bearingFriction1(
      useSupport=false);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Components.Brake brake(useSupport=true);
  Modelica.Blocks.Sources.Sine sine;
  Modelica.Mechanics.Rotational.Components.Inertia inertia2;
  Modelica.Mechanics.Rotational.Components.Brake brake1(useSupport=false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia3;
  Modelica.Mechanics.Rotational.Components.Fixed fixed1;
  Modelica.Mechanics.Rotational.Components.LossyGear lossyGear(useSupport=
        false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia4;
  Modelica.Mechanics.Rotational.Components.Inertia inertia5;
  Modelica.Mechanics.Rotational.Components.LossyGear lossyGear1(useSupport=
        true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia6;
  Modelica.Mechanics.Rotational.Components.Inertia inertia7;
  Modelica.Mechanics.Rotational.Components.Fixed fixed2;
  Modelica.Mechanics.Rotational.Components.Gearbox gear2_1(useSupport=false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia8;
  Modelica.Mechanics.Rotational.Components.Inertia inertia9;
  Modelica.Mechanics.Rotational.Sources.Position position(useSupport=false);
  Modelica.Blocks.Sources.Sine sine1;
  Modelica.Mechanics.Rotational.Components.Inertia inertia12;
  Modelica.Mechanics.Rotational.Sources.Position position1(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia13;
  Modelica.Mechanics.Rotational.Components.Fixed fixed4;
  Modelica.Mechanics.Rotational.Components.Gearbox gear2_2(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia10;
  Modelica.Mechanics.Rotational.Components.Inertia inertia11;
  Modelica.Mechanics.Rotational.Components.Fixed fixed3;
  Modelica.Mechanics.Rotational.Sources.Speed position2(useSupport=false);
  Modelica.Blocks.Sources.Sine sine2;
  Modelica.Mechanics.Rotational.Components.Inertia inertia14;
  Modelica.Mechanics.Rotational.Sources.Speed position3(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia15;
  Modelica.Mechanics.Rotational.Components.Fixed fixed5;
  Modelica.Mechanics.Rotational.Sources.Accelerate position4(useSupport=false);
  Modelica.Blocks.Sources.Sine sine3;
  Modelica.Mechanics.Rotational.Components.Inertia inertia16;
  Modelica.Mechanics.Rotational.Sources.Accelerate position5(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia17;
  Modelica.Mechanics.Rotational.Components.Fixed fixed6;
  Modelica.Mechanics.Rotational.Sources.Move position6(useSupport=false);
  Modelica.Blocks.Sources.Sine sine4[3];
  Modelica.Mechanics.Rotational.Components.Inertia inertia18;
  Modelica.Mechanics.Rotational.Sources.Move position7(useSupport=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia19;
  Modelica.Mechanics.Rotational.Components.Fixed fixed8;
  Modelica.Blocks.Sources.Sine sine5;
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=false);
  Modelica.Mechanics.Rotational.Sources.LinearSpeedDependentTorque
    linearSpeedDependentTorque(tau_nominal=1, w_nominal=1,
    useSupport=false);
  Modelica.Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque
    quadraticSpeedDependentTorque(tau_nominal=1, w_nominal=1,
    useSupport=false);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque constantTorque(
                                                              tau_constant=1,
      useSupport=false);
  Modelica.Mechanics.Rotational.Sources.TorqueStep torqueStep(useSupport=
        false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia20;
  Modelica.Blocks.Sources.Sine sine6;
  Modelica.Mechanics.Rotational.Sources.Torque torque1(useSupport=true);
  Modelica.Mechanics.Rotational.Sources.LinearSpeedDependentTorque
    linearSpeedDependentTorque1(tau_nominal=1, w_nominal=1,
    useSupport=true);
  Modelica.Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque
    quadraticSpeedDependentTorque1(tau_nominal=1, w_nominal=1,
    useSupport=true);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque constantTorque1(
                                                               tau_constant=1,
      useSupport=true);
  Modelica.Mechanics.Rotational.Sources.TorqueStep torqueStep1(useSupport=
        true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia21;
  Modelica.Mechanics.Rotational.Components.Fixed fixed7;
  Modelica.Mechanics.Rotational.Components.IdealGearR2T idealGearR2T(
      useSupportR=false, useSupportT=false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia22;
  Modelica.Mechanics.Translational.Components.Mass slidingMass;
  Modelica.Mechanics.Rotational.Components.IdealGearR2T idealGearR2T1(
      useSupportR=true, useSupportT=true);
  Modelica.Mechanics.Rotational.Components.Inertia inertia23;
  Modelica.Mechanics.Translational.Components.Mass slidingMass1;
  Modelica.Mechanics.Rotational.Components.Fixed fixed9;
  Modelica.Mechanics.Translational.Components.Fixed fixed10;
equation
  connect(inertia.flange_b, idealGear.flange_a);
  connect(idealGear.flange_b, idealGear1.flange_a);
  connect(idealGear1.flange_b, bearingFriction.flange_a);
  connect(inertia1.flange_b, bearingFriction1.flange_a);
  connect(idealGear1.support,fixed.flange);
  connect(fixed.flange,bearingFriction.support);
  connect(sine.y, brake.f_normalized);
  connect(inertia2.flange_b, brake.flange_a);
  connect(inertia3.flange_b, brake1.flange_a);
  connect(sine.y, brake1.f_normalized);
  connect(brake.support,fixed1.flange);
  connect(inertia4.flange_b, lossyGear.flange_a);
  connect(lossyGear.flange_b, inertia5.flange_a);
  connect(inertia6.flange_b, lossyGear1.flange_a);
  connect(lossyGear1.flange_b, inertia7.flange_a);
  connect(fixed2.flange,lossyGear1.support);
  connect(inertia8.flange_b, gear2_1.flange_a);
  connect(gear2_1.flange_b, inertia9.flange_a);
  connect(sine1.y, position.phi_ref);
  connect(position.flange,   inertia12.flange_a);
  connect(position1.flange,   inertia13.flange_a);
  connect(sine1.y, position1.phi_ref);
  connect(position1.support,fixed4.flange);
  connect(inertia10.flange_b, gear2_2.flange_a);
  connect(gear2_2.flange_b, inertia11.flange_a);
  connect(fixed3.flange,gear2_2.support);
  connect(position2.flange,   inertia14.flange_a);
  connect(position3.flange,   inertia15.flange_a);
  connect(position3.support,fixed5.flange);
  connect(sine2.y, position2.w_ref);
  connect(sine2.y, position3.w_ref);
  connect(position4.flange,   inertia16.flange_a);
  connect(position5.flange,   inertia17.flange_a);
  connect(position5.support,fixed6.flange);
  connect(sine3.y,position4.a_ref);
  connect(sine3.y,position5.a_ref);
  connect(position6.flange,   inertia18.flange_a);
  connect(position7.flange,   inertia19.flange_a);
  connect(position7.support,fixed8.flange);
  connect(sine4.y, position6.u);
  connect(sine4.y, position7.u);
  connect(sine5.y, torque.tau);
  connect(torque.flange,   inertia20.flange_a);
  connect(linearSpeedDependentTorque.flange, inertia20.flange_a);
  connect(quadraticSpeedDependentTorque.flange, inertia20.flange_a);
  connect(constantTorque.flange, inertia20.flange_a);
  connect(torqueStep.flange, inertia20.flange_a);
  connect(sine6.y, torque1.tau);
  connect(torque1.flange,   inertia21.flange_a);
  connect(linearSpeedDependentTorque1.flange, inertia21.flange_a);
  connect(quadraticSpeedDependentTorque1.flange, inertia21.flange_a);
  connect(constantTorque1.flange, inertia21.flange_a);
  connect(torqueStep1.flange, inertia21.flange_a);
  connect(torqueStep1.support,fixed7.flange);
  connect(constantTorque1.support,fixed7.flange);
  connect(quadraticSpeedDependentTorque1.support,fixed7.flange);
  connect(linearSpeedDependentTorque1.support,fixed7.flange);
  connect(torque1.support,fixed7.flange);
  connect(inertia22.flange_b,idealGearR2T.flangeR);
  connect(idealGearR2T.flangeT,  slidingMass.flange_a);
  connect(inertia23.flange_b,idealGearR2T1.flangeR);
  connect(idealGearR2T1.flangeT,  slidingMass1.flange_a);
  connect(idealGearR2T1.supportR,fixed9.flange);
  connect(fixed10.flange,idealGearR2T1.supportT);
  annotation (experiment(StopTime=0.5));
end TestBearingConversion;
