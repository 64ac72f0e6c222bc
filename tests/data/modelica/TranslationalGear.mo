within Modelica.Mechanics.Translational.Examples;
model TranslationalGear "Translational gear and lever, each between two masses"
  extends Modelica.Icons.Example;
  parameter SI.Force F=10 "Force driving the gear";
  parameter SI.Force F_lever=4 "Force driving the lever";

  Sources.ConstantForce force(f_constant=F, useSupport=false)
    annotation (Placement(transformation(extent={{-90,30},{-70,50}})));
  Components.Mass mass1(
    m=0.1,
    s(fixed=true, start=0),
    v(fixed=true, start=0)) annotation (Placement(transformation(extent={{-60,30},{-40,50}})));
  Components.IdealGear idealGear(ratio=1.6, useSupport=true)
    annotation (Placement(transformation(extent={{-30,30},{-10,50}})));
  Components.Mass mass2(m=7) annotation (Placement(transformation(extent={{0,30},{20,50}})));
  Components.Fixed fixed annotation (Placement(transformation(extent={{-30,0},{-10,20}})));
  Sources.ConstantForce forceLever(f_constant=F_lever)
    annotation (Placement(transformation(extent={{-90,-50},{-70,-30}})));
  Components.Mass mass3(
    m=2,
    s(fixed=true, start=0.2),
    v(fixed=true, start=0)) annotation (Placement(transformation(extent={{-60,-50},{-40,-30}})));
  Components.IdealLever idealLever(ratio=-0.5, useSupport=true)
    annotation (Placement(transformation(extent={{-30,-50},{-10,-30}})));
  Components.Mass mass4(m=1) annotation (Placement(transformation(extent={{0,-50},{20,-30}})));
  Components.Fixed pivot(s0=0.2) annotation (Placement(transformation(extent={{-30,-80},{-10,-60}})));
equation
  connect(force.flange, mass1.flange_a) annotation (Line(points={{-70,40},{-60,40}}, color={0,127,0}));
  connect(mass1.flange_b, idealGear.flange_a) annotation (Line(points={{-40,40},{-30,40}}, color={0,127,0}));
  connect(idealGear.flange_b, mass2.flange_a) annotation (Line(points={{-10,40},{0,40}}, color={0,127,0}));
  connect(fixed.flange, idealGear.support) annotation (Line(points={{-20,10},{-20,30}}, color={0,127,0}));
  connect(forceLever.flange, mass3.flange_a) annotation (Line(points={{-70,-40},{-60,-40}}, color={0,127,0}));
  connect(mass3.flange_b, idealLever.flange_a) annotation (Line(points={{-40,-40},{-30,-40}}, color={0,127,0}));
  connect(idealLever.flange_b, mass4.flange_a) annotation (Line(points={{-10,-40},{0,-40}}, color={0,127,0}));
  connect(pivot.flange, idealLever.support) annotation (Line(points={{-20,-70},{-20,-50}}, color={0,127,0}));
  annotation (experiment(StopTime=1, Interval=0.01));
end TranslationalGear;
