model M
  Modelica.Mechanics.Rotational.Components.Inertia j(J=1) annotation(Placement(transformation(extent={{-10,-10},{10,10}}, origin={1e300,-1e300}, rotation=1e300)));
end M;
