within Modelica.Mechanics.Translational.Examples;
model Free "initial equations as starts"
  Translational.Components.Mass mass1(m=2, s(start=3));
  Translational.Components.Mass mass2(m=1, L=1);
  Translational.Components.Spring spring(c=100);
initial equation
  mass1.s = 0.25 + 0.25 "half";
  mass1.v = 1 annotation (__Dymola_tag=true);
  mass2.s = 2;
  mass2.v = 0;
equation
  connect(mass1.flange_b, spring.flange_a);
  connect(spring.flange_b, mass2.flange_a);
  annotation (experiment(StartTime=0, StopTime=1, __Dymola_NumberOfIntervals=100, __Dymola_Algorithm="Dassl"));
end Free;
