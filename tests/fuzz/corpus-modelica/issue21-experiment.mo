model M
  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);
  annotation(experiment(StopTime=-1, Interval=0, Tolerance=7));
end M;
