model Modelica_
  Modelica.Mechanics.Rotational.Components.Inertia end_(J=1) annotation(__Shaftwork(name="end"));
  Modelica.Mechanics.Rotational.Components.Inertia input_(J=2) annotation(__Shaftwork(name="input"));
equation
  connect(end_.flange_b, input_.flange_a);
end Modelica_;
