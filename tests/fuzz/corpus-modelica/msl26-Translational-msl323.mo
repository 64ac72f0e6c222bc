within Modelica.Mechanics;
package Translational
  "Library to model 1-dimensional, translational mechanical systems"
  extends Modelica.Icons.Package;
  import SI = Modelica.SIunits;
  import Modelica.Constants.pi;

  package UsersGuide "User's Guide of Translational Library"
    extends Modelica.Icons.Information;

    class Overview "Overview"
      extends Modelica.Icons.Information;
      annotation (DocumentationClass=true, Documentation(info="<html>
<p>This package contains components to model <strong>1-dimensional translational
mechanical</strong> systems.</p>
<IMG src=\"modelica://Modelica/Resources/Images/Mechanics/Translational/Fig.png\" ALT=\"Fig\">
</html>"));
    end Overview;
    annotation (DocumentationClass=true);
  end UsersGuide;

  package Examples "Demonstration examples of the components of this package"
    extends Modelica.Icons.ExamplesPackage;

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

    model Damper "Use of damper models"
      extends Modelica.Icons.Example;
      Translational.Components.Mass mass1(L=1, s(start=3, fixed=true), v(start=10, fixed=true), m=1);
      Translational.Components.Damper damper1(d=25);
      Translational.Components.Fixed fixed1(s0=4.5);
      Translational.Components.Mass mass2(L=1, s(start=3, fixed=true), v(start=10, fixed=true), m=1);
      Translational.Components.Damper damper2(d=25);
      Translational.Components.Fixed fixed2(s0=4.5);
      Translational.Components.Mass mass3(L=1, s(start=3, fixed=true), v(start=10, fixed=true), m=1);
      Translational.Components.Fixed fixed3(s0=4.5);
      Translational.Components.Spring spring2(s_rel0=1, c=1);
      Translational.Components.SpringDamper springDamper3(s_rel0=1, d=25, c=1);
    equation
      connect(mass1.flange_b, damper1.flange_a);
      connect(mass2.flange_b, damper2.flange_a);
      connect(damper2.flange_b, fixed2.flange);
      connect(damper1.flange_b, fixed1.flange);
      connect(mass3.flange_b, springDamper3.flange_a);
      connect(springDamper3.flange_b, fixed3.flange);
      connect(damper2.flange_a, spring2.flange_a);
      connect(damper2.flange_b, spring2.flange_b);
      annotation (experiment(StopTime=1.0, Interval=0.001));
    end Damper;

  end Examples;

  package Components "Components for 1D translational mechanical drive trains"
    extends Modelica.Icons.Package;
    model Mass "Sliding mass with inertia"
      parameter SI.Mass m(min=0, start=1) "Mass of the sliding mass";
      parameter StateSelect stateSelect=StateSelect.default
        "Priority to use s and v as states" annotation (Dialog(tab="Advanced"));
      extends Translational.Interfaces.PartialRigid(L=0, s(start=0, stateSelect=stateSelect));
      SI.Velocity v(start=0, stateSelect=stateSelect) "Absolute velocity of component";
      SI.Acceleration a(start=0) "Absolute acceleration of component";
    equation
      v = der(s);
      a = der(v);
      m*a = flange_a.f + flange_b.f;
      annotation (Icon(graphics={Rectangle(extent={{-55,-30},{56,30}},
              fillPattern=FillPattern.Sphere, fillColor={255,255,255})}));
    end Mass;
  end Components;

  package Interfaces "Interfaces for 1-dim. translational mechanical components"
    extends Modelica.Icons.InterfacesPackage;
    connector Flange_a "Left flange of a component"
      SI.Position s "Absolute position of flange";
      flow SI.Force f "Cut force directed into flange";
    end Flange_a;
    partial model PartialRigid "Rigid connection of two translational 1D flanges"
      SI.Position s "Absolute position of center of component";
      parameter SI.Length L=0 "Length of component";
    equation
      flange_a.s = s - L/2;
    end PartialRigid;
  end Interfaces;
  annotation (Icon(graphics={Line(points={{-84,-73},{66,-73}}),
    Rectangle(extent={{-81,-65},{-8,-22}}, fillColor={192,192,192},
      fillPattern=FillPattern.Sphere)}), Documentation(info="<html>
<p>Library <strong>Translational</strong> is a <strong>free</strong> Modelica package.</p>
</html>"));
end Translational;
