within ModelicaTest.Rotational.ForUsersGuide;
model Directions2
  extends Modelica.Icons.Example;

  Modelica.Mechanics.Rotational.Components.Inertia J2(
    J=5,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia J4(
    J=5,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia J6(
    J=5,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia4(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia5(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia6(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Sources.Torque torque1(useSupport=true);
  Modelica.Mechanics.Rotational.Sources.Torque torque2(useSupport=true);
  Modelica.Blocks.Sources.Sine sine1(freqHz=1);
  Modelica.Blocks.Sources.Sine sine2(freqHz=1);
  Modelica.Mechanics.Rotational.Components.IdealPlanetary idealPlanetary1(
      ratio=2);
  Modelica.Mechanics.Rotational.Components.IdealPlanetary idealPlanetary2(
      ratio=2);
  Modelica.Mechanics.Rotational.Components.Fixed fixed1;
  Modelica.Mechanics.Rotational.Components.Fixed fixed2;
equation
  connect(torque1.flange, inertia1.flange_a);
  connect(sine1.y, torque1.tau);
  connect(torque2.flange, inertia2.flange_b);
  connect(sine2.y, torque2.tau);
  connect(idealPlanetary1.sun, inertia3.flange_b);
  connect(idealPlanetary1.carrier, inertia4.flange_b);
  connect(inertia5.flange_b, idealPlanetary2.sun);
  connect(inertia6.flange_a, idealPlanetary2.carrier);
  connect(torque1.support, fixed1.flange);
  connect(fixed2.flange, torque2.support);
  annotation (experiment(StopTime=2));
end Directions2;
