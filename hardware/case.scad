// The board's case, 3 mm plywood. Written by tools/maker/case.py from config.py:
// edit config.py (BOARD_MM) and run it again, not this file.
//   openscad -o case.dxf case.scad                        the cutting sheet, 1:1 (mm)
//   openscad -D 'part="assembled"' -o case.stl case.scad  the case glued
//   openscad -D 'part="inside"' -o inside.stl case.scad   with every part in place
part = "sheet";

module floor() {
  difference() {
    square([417, 117]);
    translate([345, 36.5]) circle(d = 3.2, $fn = 48);
    translate([345, 80.5]) circle(d = 3.2, $fn = 48);
    translate([409, 36.5]) circle(d = 3.2, $fn = 48);
    translate([409, 80.5]) circle(d = 3.2, $fn = 48);
  }
}

module front_wall() {
  square([417, 39]);
}

module back_wall() {
  square([417, 39]);
}

module left_wall() {
  square([111, 39]);
}

module right_wall() {
  difference() {
    square([111, 39]);
    translate([53.8, 17.3]) square([26, 9]);
    translate([12, 12]) circle(d = 8, $fn = 48);
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
  translate([0, 164]) back_wall();
  translate([0, 207]) left_wall();
  translate([115, 207]) right_wall();
  translate([0, 250]) front_cleat();
  translate([0, 262]) back_cleat();
}
if (part == "assembled" || part == "inside") {
  translate([-3, -3, 0]) linear_extrude(3) floor();
  translate([-3, 0, 3]) rotate([90, 0, 0]) linear_extrude(3) front_wall();
  translate([-3, 114, 3]) rotate([90, 0, 0]) linear_extrude(3) back_wall();
  translate([-3, 0, 3]) rotate([90, 0, 90]) linear_extrude(3) left_wall();
  translate([411, 0, 3]) rotate([90, 0, 90]) linear_extrude(3) right_wall();
  translate([0, 3, 23]) rotate([90, 0, 0]) linear_extrude(3) front_cleat();
  translate([0, 111, 23]) rotate([90, 0, 0]) linear_extrude(3) back_cleat();
}
if (part == "inside") {
  %color("burlywood") translate([0.5, 0.5, 31]) cube([410, 110, 6]);  // back board: the parts list's 6 mm plywood, BOARD_MM
  %color("dimgray") translate([10.5, 15.5, 37]) cube([320, 80, 2]);  // LED panel: 8 x 32 WS2812B panel, 10 mm pitch
  %color("tan") translate([0.5, 0.5, 39]) cube([410, 110, 3]);  // faceplate: 3 mm plywood or card, BOARD_MM
  %color("whitesmoke") translate([333.5, 17, 42]) cube([69, 77, 1]);  // keypad: 4x4 membrane keypad, KEYPAD_MM
  color("silver") translate([339.25, 30.75, 3]) cube([5.5, 5.5, 6]);  // spacer 1: M3 x 6 mm spacer
  color("silver") translate([339.25, 74.75, 3]) cube([5.5, 5.5, 6]);  // spacer 2: M3 x 6 mm spacer
  color("silver") translate([403.25, 30.75, 3]) cube([5.5, 5.5, 6]);  // spacer 3: M3 x 6 mm spacer
  color("silver") translate([403.25, 74.75, 3]) cube([5.5, 5.5, 6]);  // spacer 4: M3 x 6 mm spacer
  color("olivedrab") translate([339, 30.5, 9]) cube([70, 50, 1.6]);  // perfboard: 70 x 50 mm perfboard
  color("steelblue") translate([349.56, 54.1, 10.6]) cube([55.88, 2.54, 8.5]);  // DevKit's front header: 22-pin female header, 2.54 mm
  color("steelblue") translate([349.56, 76.96, 10.6]) cube([55.88, 2.54, 8.5]);  // DevKit's back header: 22-pin female header, 2.54 mm
  color("steelblue") translate([346, 54.1, 21.6]) cube([63, 25.4, 1.6]);  // DevKit: ESP32-S3-DevKitC-1, Espressif's drawing
  color("steelblue") translate([346, 57.8, 23.2]) cube([25.5, 18, 3.2]);  // DevKit's module: WROOM module, its datasheet
  color("steelblue") translate([401.6, 62.35, 23.2]) cube([7.4, 8.9, 3.2]);  // DevKit's USB port: USB receptacle
  color("dimgray") translate([409, 60.6, 21.55]) cube([35, 12.4, 6.5]);  // USB plug's body: a USB cable's moulded plug
  color("black") translate([341, 40.4, 10.6]) cube([20.3, 10.2, 8]);  // level shifter in its socket: 74AHCT125, DIP-14, in a 14-pin socket
  color("navy") translate([365.3, 40.6, 10.6]) cube([10, 10, 17]);  // 1000 uF capacitor: 1000 uF 10 V radial, 10 x 16 mm, standing
  color("darkslategray") translate([385, 42.6, 10.6]) cube([22, 8, 11]);  // fuse in its clips: 5 x 20 mm fuse, PCB clips
  color("whitesmoke") translate([343, 33.5, 10.6]) cube([20.32, 2.54, 16.5]);  // keypad's header: 8-pin male header, the jumper wires' housings on it
  color("navy") translate([366.32, 32.5, 10.6]) cube([5, 3, 6]);  // 100 nF capacitor: ceramic, 5 mm
  color("darkslategray") translate([374.32, 32.5, 10.6]) cube([6.5, 2.5, 2.5]);  // 330 ohm resistor: 1/4 W resistor, lying
  color("black") translate([397, 6, 9]) cube([14, 12, 12]);  // barrel socket's body: DC-022 panel socket
  color("black") translate([411, 8, 11]) cube([5, 8, 8]);  // barrel socket's thread: DC-022 panel socket's 8 mm thread
  color("dimgray") translate([6.65, 80.7, 3]) cube([35, 11.6, 5.7]);  // panel's plug and pigtail: JST SM 3-pin pair, mated
  %translate([0.5, 0.5, 31]) cube([410, 110, 6]);  // the back board
  %translate([0.5, 0.5, 39]) cube([410, 110, 3]);  // the faceplate
}
