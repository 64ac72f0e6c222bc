model M
  Modelica.Mec.Inertia j(J=1) annotation(Placement(transformation(extent={{-10,-10},{10,10}}, origin={1e300,-1e308}, rotattau=1e30,)));
end M;
