model M
  Modelica.Mechanics.Rotational.Components.Inertia i(J=1);
  annotation(experiment(StopTime=1, Tolerance=1e-300));
end M;
