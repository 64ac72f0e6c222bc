within ModelicaTest.Rotational.ForUsersGuide;
model ConnectionPossibilities
  extends Modelica.Icons.Example;

  Modelica.Mechanics.Rotational.Components.Inertia inertia1(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1);
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia inertia4(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Spring spring1(c=1e4);
  Modelica.Mechanics.Rotational.Components.Spring spring2(c=1e4);

equation
  connect(inertia1.flange_b, inertia2.flange_a);
  connect(inertia3.flange_b, spring1.flange_a);
  connect(spring1.flange_b, spring2.flange_a);
  connect(spring2.flange_b, inertia4.flange_a);
  annotation (experiment(StopTime=1.1));
end ConnectionPossibilities;
