within ModelicaTest.Rotational.InitializationConversion;
model Inertia
  extends Modelica.Icons.Example;

  Modelica.Mechanics.Rotational.Components.Inertia inertia1(
    J=1,
    phi(start=0.017453292519943, fixed=true),
    w(start=2, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(
    J=1,
    stateSelect=StateSelect.default,
    w(fixed=true, start=2),
    phi(fixed=false, start=0.017453292519943),
    a(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(
    J=1,
    stateSelect=StateSelect.prefer,
    a(fixed=false),
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia4(
    J=1,
    stateSelect=StateSelect.always,
    a(fixed=false),
    w(fixed=true, start=-2),
    phi(fixed=true, start=-0.017453292519943));
  Modelica.Mechanics.Rotational.Components.Inertia inertia5(
    J=1,
    stateSelect=StateSelect.avoid,
    a(fixed=false),
    w(fixed=true, start=33),
    phi(fixed=true, start=0.38397243543875));
  Modelica.Mechanics.Rotational.Components.Inertia inertia6(
    J=1,
    a(fixed=true, start=44),
    phi(fixed=false),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia7(
    J=1,
    a(fixed=true, start=3),
    phi(fixed=true, start=0.017453292519943),
    w(fixed=true, start=2));
  Modelica.Mechanics.Rotational.Components.Inertia inertia7a(
    J=1,
    a(start=3),
    phi(start=0.017453292519943),
    w(start=2, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia8(
    J=1,
    w(fixed=true, start=0),
    a(fixed=true, start=0),
    phi(fixed=false, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia8a(
    J=1,
    phi(fixed=true, start=0),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia9(
    J=1,
    a(fixed=true, start=33),
    w(fixed=true, start=22),
    phi(fixed=true, start=0.19198621771938));
  Modelica.Mechanics.Rotational.Components.Inertia inertia9a(
    J=1,
    a(start=33),
    phi(start=0.19198621771938),
    w(start=22, fixed=true));
  Modelica.Mechanics.Rotational.Components.Spring spring(c=10000);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Components.Spring spring1(c=10000);
  Modelica.Mechanics.Rotational.Components.Spring spring2(c=10000);
  Modelica.Mechanics.Rotational.Components.Fixed fixed1;
  Modelica.Mechanics.Rotational.Components.Spring spring3(c=10000);
  Modelica.Mechanics.Rotational.Components.Spring spring4(c=10000);
equation
  connect(spring.flange_b, inertia2.flange_a);
  connect(fixed.flange, spring.flange_a);
  connect(inertia7.flange_b, spring1.flange_a);
  connect(spring1.flange_b, inertia7a.flange_a);
  connect(spring2.flange_b, inertia6.flange_a);
  connect(fixed1.flange, spring2.flange_a);
  connect(inertia8.flange_b, spring3.flange_a);
  connect(spring3.flange_b, inertia8a.flange_a);
  connect(inertia9.flange_b, spring4.flange_a);
  connect(spring4.flange_b, inertia9a.flange_a);
  annotation (experiment(StopTime=1.1));
end Inertia;
