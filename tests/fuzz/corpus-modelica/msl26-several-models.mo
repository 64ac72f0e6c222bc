model A "first"
  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, w(fixed=true, start=1), phi(fixed=true, start=0));
  annotation (experiment(StopTime=1));
end A;

model B "second"
  Modelica.Mechanics.Rotational.Components.Inertia j(J=2, w(fixed=true, start=3), phi(fixed=true, start=0));
  annotation (experiment(StopTime=1));
end B;
