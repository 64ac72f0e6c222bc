model Subscripts
  parameter Real tab[:, 2] = [0, 0; 1, 2];
  parameter Real k[2] = {1, 3};
  parameter Real row[2] = tab[2];
  parameter Real m[2, 2] = {{1, 2}, {3, 4}};
  Modelica.Blocks.Sources.Ramp ramp(height=row[2], duration=tab[2, 1]);
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Mechanics.Rotational.Components.Inertia j(J=tab[2, 2]*k[2] + m[m[1, 1], 2], phi(start=0, fixed=true),
    w(start=0, fixed=true));
equation
  connect(ramp.y, torque.tau);
  connect(torque.flange, j.flange_a);
  annotation (experiment(StopTime=k[1], Interval=0.01));
end Subscripts;
