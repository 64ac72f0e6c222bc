within Modelica.Mechanics;
package Rotational "lib"
  import SI = Modelica.SIunits;
  import Modelica.Constants.pi;
  operator record Complex "passed over"
    Real re;
    encapsulated operator 'constructor'
      function fromReal
        input Real re;
        output Complex result(re=re);
      algorithm
      end fromReal;
    end 'constructor';
  end Complex;
  package Examples
    model Start
      parameter SI.Angle a = pi/2;
      Components.Inertia j(J=1, phi(fixed=true, start=a), w(fixed=true, start=0));
    end Start;
    model extends Other "a class extends"
    end Other;
  end Examples;
end Rotational;
