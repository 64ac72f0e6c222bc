within Modelica.Mechanics.Rotational.Examples;
model InertiaChain "A chain of n inertias and n - 1 springs, connected in for loops"
  extends Modelica.Icons.Example;
  parameter Integer n = 4 "Number of inertias";
  Modelica.Mechanics.Rotational.Components.Inertia inertia[n](
    each J=1, each phi(start=0, fixed=true), each w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Spring spring[n - 1](each c=1e4);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=4);
equation
  connect(torque.flange, inertia[1].flange_a);
  for i in 1:n - 1 loop
    connect(inertia[i].flange_b, spring[i].flange_a);
    connect(spring[i].flange_b, inertia[i + 1].flange_a);
  end for;
  annotation (experiment(StopTime=1, Interval=0.01));
end InertiaChain;
