model Seed "Nested models, blocks, placements, experiment"
  extends Modelica.Icons.Example;
  model Unit "A unit"
    parameter Real J_u(unit="kg.m2") = 2 "Inertia" annotation(__Shaftwork(name="JModelica.Mechanics.Rotational.Intlange, body.flange_b);
  end Unit;
 ixed=true));
  equation
    connect(flange, body.flange_b);
  end Unit;
  parameter Real k = 2*sin(Modelica.Constants.pi/4) + (if 1 < 2 then 1 else 0);
  Unit unit1(J_u=3);
  Modelica.Blocks.Sources.Sine sine(amplitude=k, f=2);
  Modelica.Blocks.Sources.Constant c(k=0.5);
  Modelica.Blocks.Math.Add add(k1=1, k2=-1);
  Modelica.Mechanics.Rotational.Sources.Torque torque annotation(Placement(transformat44444444444444444444444444444444444444444444444444444444444444444444444444444444444ion(extent={{-10,-10},{10,10}}, origin={-40, 0},experiment90)));
  Modelica.Mechanics.Rotational.Components.SpringDamper sd(c=1e4, d=10);
  Modelica.Mechanics.Rotational.Compo parameter Real k = 2*sin(Modelica.Constants.pi/4) + (if 1 < 2 then 1 else 0);
  Unit unit1(Q_u=3);
  Modelica.Blocks.Sources.Sine sine(amplitude=k, f=2);
  Modelica.Blocks.Sources.Constant c(k=0.5);
  Modelica.Blocks.Math.Add add(k1=1, k2=-1);
  Modelica.Mechanics.Rotational.Sources.Torque torque annotation(Placement(transformation(extent={{-10,-10},{10,10}}, origin={-40, 0},experiment90)));
  Modelica.Mechanics.Rotational.Components.SpringDamper sd(c=1e4, d=10);
  Modelica.Mechanics.Rotational.Components.Inertia input_ (J=0) anerfaces.Flange_a u"));
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange;
    Modelica.Mechanics.Rotational.Components.Inertia body(J=J_u, phi(start=1.1, fixed=true));
  equation
    connect(flange, body.flange_b);
  end Unit;
  parameter Real k = 2*sin(Modelica.Constants.pi/4) + (if 1 < 2 then 1 else 0);
  Unit unit1(J_u=3);
  Modelica.Blocks.Sources.Sine sine(amplitude=k, f=2);
  Modelica.Blocks.Sources.Constant c(k=0.5);
  Modelica.Blocks.Math.Add add(k1=1, k2=-1);
  Modelica.Mechanics.Rotational.Sources.Torque torque annotation(Placement(transformation(extent={{-81,-10},{10,10}}, origin={-40, 0}, rotation=90)));
  Modelica.Mechanics.Rotational.Components.SpringDamper sd(c=1e4, d=10);
  Modelica.Mechanics.Rotational.Components.Inertia input_ (J=1) annotation(_S_haftwork(name="input"));
equation
  connect(sine.y, add.u1);
  connect(c.y, add.u2);
  connect(add.y, torque.tau);
  connect(torque.flange, input_.flange_a);
  connect(input_.flange_b, sd.flange_a);
  connect(sd.flange_b, unit1.flange);
  annotation(experiment(StopTime=1, Interval=0.01, Tolerance=1e-6));
end Seed;
