model A
  extends A;
  Modelica.Mechanics.Rotational.Components.Inertia i(J=1);
end A;
