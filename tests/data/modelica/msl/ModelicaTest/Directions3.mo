within ModelicaTest.Rotational.ForUsersGuide;
model Directions3
  extends Modelica.Icons.Example;

  Modelica.Mechanics.Rotational.Components.Inertia J1(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia J2(J=1);
  Modelica.Mechanics.Rotational.Components.Inertia J3(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=0));
  Modelica.Mechanics.Rotational.Components.Inertia J4(J=1);
equation
  connect(J1.flange_b, J2.flange_b);
  connect(J3.flange_b, J4.flange_b);
  annotation (experiment(StopTime=2));
end Directions3;
