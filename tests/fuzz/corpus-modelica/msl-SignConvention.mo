within Modelica.Mechanics.Translational.Examples;
model SignConvention "Examples for the used sign conventions"
  extends Modelica.Icons.Example;
  Translational.Components.Mass mass1(L=1, s(fixed=true), v(fixed=true), m=1);
  Translational.Sources.Force force1;
  Modelica.Blocks.Sources.Constant constant1(k=1);
  Translational.Components.Mass mass2(L=1, s(fixed=true), v(fixed=true), m=1);
  Translational.Sources.Force force2;
  Modelica.Blocks.Sources.Constant constant2(k=1);
  Translational.Components.Mass mass3(L=1, s(fixed=true), v(fixed=true), m=1);
  Translational.Sources.Force force3(useSupport=true);
  Modelica.Blocks.Sources.Constant constant3(k=1);
  Translational.Components.Fixed fixed;
equation
  connect(constant1.y, force1.f);
  connect(force1.flange, mass1.flange_a);
  connect(constant2.y, force2.f);
  connect(constant3.y, force3.f);
  connect(mass2.flange_b, force2.flange);
  connect(force3.flange, mass3.flange_b);
  connect(force3.support, fixed.flange);
  annotation (experiment(StopTime=1.0, Interval=0.001));
end SignConvention;
