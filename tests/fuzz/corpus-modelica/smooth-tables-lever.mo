within Modelica.Mechanics.Translational.Examples;
model SmoothTablesLever
  Modelica.Blocks.Sources.CombiTimeTable akima(table=[0, 0; 1, 1; 2, 2; 3, 3; 4, 3],
    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative);
  Modelica.Blocks.Sources.CombiTimeTable fb(table=[0, 0; 1, 1; 3, 2],
    smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative1,
    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
  Modelica.Blocks.Sources.CombiTimeTable steffen(table=[0, 0; 1, 0.1; 2, 2],
    smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative2);
  Modelica.Blocks.Math.Add add;
  Modelica.Blocks.Math.Add add2;
  Sources.Force force;
  Components.Mass mass1(m=1, s(fixed=true, start=0), v(fixed=true, start=0));
  Components.IdealLever idealLever(ratio=-0.5, useSupport=true);
  Components.IdealGear idealGear(ratio=2);
  Components.Mass mass2(m=2);
  Components.Mass mass3(m=3);
  Components.Fixed fixed(s0=0.1);
equation
  connect(akima.y[1], add.u1);
  connect(fb.y[1], add.u2);
  connect(add.y, add2.u1);
  connect(steffen.y[1], add2.u2);
  connect(add2.y, force.f);
  connect(force.flange, mass1.flange_a);
  connect(mass1.flange_b, idealLever.flange_a);
  connect(idealLever.flange_b, mass2.flange_a);
  connect(fixed.flange, idealLever.support);
  connect(mass2.flange_b, idealGear.flange_a);
  connect(idealGear.flange_b, mass3.flange_a);
  annotation (experiment(StopTime=4, Interval=0.01));
end SmoothTablesLever;
