within ModelicaTest.Rotational.InitializationConversion;
model SpringDamper
  extends Modelica.Icons.Example;

  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1);
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1);
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(J=1);
  Modelica.Mechanics.Rotational.Components.Inertia inertia4(J=1, w(fixed=
          true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia5(J=1, phi(fixed=
          true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia6(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia7(J=1);
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper1(
    c=1e4,
    d=10,
    w_rel(start=2, fixed=true),
    phi_rel(start=1, fixed=true));
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper2(
    c=1e4,
    d=10,
    stateSelect=StateSelect.prefer,
    a_rel(fixed=true),
    w_rel(fixed=true, start=-2),
    phi_rel(fixed=false, start=-1));
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper3(
    c=1e4,
    d=10,
    stateSelect=StateSelect.always,
    a_rel(fixed=false),
    w_rel(fixed=true, start=2),
    phi_rel(fixed=true, start=1));
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper4(
    c=1e4,
    d=10,
    stateSelect=StateSelect.avoid,
    a_rel(fixed=false),
    phi_rel(fixed=true),
    w_rel(fixed=false));
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper5(
    c=1e4,
    d=10,
    stateSelect=StateSelect.never,
    a_rel(fixed=false),
    phi_rel(fixed=false),
    w_rel(fixed=true, start=3));
  Modelica.Mechanics.Rotational.Components.Spring spring(c=1e4);
  Modelica.Mechanics.Rotational.Components.RelativeStates relativeStates(
      phi_rel(fixed=true), w_rel(fixed=true));
equation
  connect(springDamper1.flange_a, fixed.flange);
  connect(springDamper1.flange_b, inertia1.flange_a);
  connect(inertia2.flange_a, springDamper2.flange_b);
  connect(springDamper2.flange_a, fixed.flange);
  connect(inertia3.flange_a, springDamper3.flange_b);
  connect(springDamper3.flange_a, fixed.flange);
  connect(inertia4.flange_a, springDamper4.flange_b);
  connect(springDamper4.flange_a, fixed.flange);
  connect(inertia5.flange_a, springDamper5.flange_b);
  connect(springDamper5.flange_a, fixed.flange);
  connect(inertia6.flange_b, spring.flange_a);
  connect(spring.flange_b, inertia7.flange_a);
  connect(relativeStates.flange_b, spring.flange_b);
  connect(spring.flange_a, relativeStates.flange_a);
  annotation (experiment(StopTime=1.1));
end SpringDamper;
