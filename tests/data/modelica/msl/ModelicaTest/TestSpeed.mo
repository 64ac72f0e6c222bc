within ModelicaTest.Rotational;
model TestSpeed

  Modelica.Mechanics.Rotational.Sources.Speed speed1(
                                             f_crit=5, useSupport=false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia1;
  Modelica.Mechanics.Rotational.Sources.Speed speed2(
    f_crit=5,
    exact=true,
    useSupport=false);
  Modelica.Mechanics.Rotational.Components.Inertia inertia2;
  Modelica.Blocks.Sources.Sine sine2;
  Modelica.Blocks.Sources.Step step(startTime=0.5);
  Modelica.Mechanics.Translational.Sources.Speed speed3(   f_crit=5, s(start=
          1));
  Modelica.Mechanics.Translational.Components.Mass mass1(
                                                     m=2);
  Modelica.Blocks.Sources.Step step1(startTime=0.5);
  Modelica.Mechanics.Translational.Sources.Speed speed4(   exact=true, s(start=
          1));
  Modelica.Mechanics.Translational.Components.Mass mass2(
                                                     m=2);
  Modelica.Blocks.Sources.Sine sine4;
equation
  connect(speed1.flange,   inertia1.flange_a);
  connect(speed2.flange,   inertia2.flange_a);
  connect(sine2.y, speed2.w_ref);
  connect(step.y, speed1.w_ref);
  connect(speed3.flange,   mass1.flange_a);
  connect(step1.y, speed3.v_ref);
  connect(speed4.flange,   mass2.flange_a);
  connect(sine4.y, speed4.v_ref);
  annotation (experiment(StopTime=1.1));
end TestSpeed;
