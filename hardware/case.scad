// The board's case, 3 mm plywood. Written by tools/maker/case.py from config.py:
// edit config.py (BOARD_MM) and run it again, not this file.
//   openscad -o case.dxf case.scad                        the cutting sheet, 1:1 (mm)
//   openscad -D 'part="assembled"' -o case.stl case.scad  the case glued
part = "sheet";

module floor() {
  difference() {
    square([417, 117]);
    translate([365, 26.5]) circle(d = 3.2, $fn = 48);
    translate([365, 90.5]) circle(d = 3.2, $fn = 48);
    translate([409, 26.5]) circle(d = 3.2, $fn = 48);
    translate([409, 90.5]) circle(d = 3.2, $fn = 48);
  }
}

module front_wall() {
  square([417, 36]);
}

module back_wall() {
  square([417, 36]);
}

module left_wall() {
  square([111, 36]);
}

module right_wall() {
  difference() {
    square([111, 36]);
    translate([42.5, 15.3]) square([26, 8]);
    translate([12, 12.5]) circle(d = 8, $fn = 48);
  }
}

module front_cleat() {
  square([411, 8]);
}

module back_cleat() {
  square([411, 8]);
}

if (part == "sheet") {
  translate([0, 0]) floor();
  translate([0, 121]) front_wall();
  translate([0, 161]) back_wall();
  translate([0, 201]) left_wall();
  translate([115, 201]) right_wall();
  translate([0, 241]) front_cleat();
  translate([0, 253]) back_cleat();
}
if (part == "assembled") {
  translate([-3, -3, 0]) linear_extrude(3) floor();
  translate([-3, 0, 3]) rotate([90, 0, 0]) linear_extrude(3) front_wall();
  translate([-3, 114, 3]) rotate([90, 0, 0]) linear_extrude(3) back_wall();
  translate([-3, 0, 3]) rotate([90, 0, 90]) linear_extrude(3) left_wall();
  translate([411, 0, 3]) rotate([90, 0, 90]) linear_extrude(3) right_wall();
  translate([0, 3, 20]) rotate([90, 0, 0]) linear_extrude(3) front_cleat();
  translate([0, 111, 20]) rotate([90, 0, 0]) linear_extrude(3) back_cleat();
  %translate([0.5, 0.5, 28]) cube([410, 110, 6]);  // the back board
  %translate([0.5, 0.5, 36]) cube([410, 110, 3]);  // the faceplate
}
