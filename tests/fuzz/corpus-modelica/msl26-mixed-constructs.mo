within Modelica.Mechanics.Rotational.Examples;
model Mix "mixed constructs"
  extends Modelica.Icons.Example;
  constant Real k2 = 2;
  parameter Boolean useC = true annotation(Evaluate=true, HideResult=true, choices(checkBox=true));
  parameter Real a[:] = {1, 2};
  Rotational.Components.Inertia inertia1(J=a[2]/k2, phi(fixed=true, start=0), w(fixed=true, start=1))
    annotation (Placement(transformation(extent={{-10,-10},{10,10}}), iconTransformation(extent={{-5,-5},{5,5}})),
      __Dymola_tag={"Power"});
protected
  Rotational.Components.Spring spring(c=1) annotation (Placement(transformation(extent={{-10,-30},{10,-10}})));
  annotation (Documentation(info="<html>first</html>"));
equation
  connect(inertia1.flange_a, spring.flange_b) annotation (Line(points={{0,0},{0,0}}, color={0,127,0}, thickness=0.5, smooth=Smooth.None));
  annotation (experiment(StopTime=1, Interval=0.1), Diagram(graphics={Rectangle(extent={{-1,1},{1,-1}})}));
end Mix;
