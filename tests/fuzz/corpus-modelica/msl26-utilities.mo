model Ramp
  parameter String file = Modelica.Utilities.Files.loadResource("modelica://Modelica/Resources/Data/Tables/test.txt");
  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, phi(fixed=true, start=0), w(fixed=true, start=0));
  annotation (experiment(StopTime=1, NumberOfIntervals=50));
end Ramp;
