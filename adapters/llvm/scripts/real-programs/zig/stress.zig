//! A Zig program of many alike functions: generic functions instantiated per type at
//! compile time (integers of one width and either signedness, floats, structs), error
//! unions, tagged unions, allocators, std.fmt, std.sort and hash maps. It prints through
//! libc's write(2), so its output does not depend on the std.Io interface of one Zig release.
const std = @import("std");

extern "c" fn write(fd: c_int, buf: [*]const u8, n: usize) isize;

fn out(comptime f: []const u8, args: anytype) void {
    var buf: [1024]u8 = undefined;
    const s = std.fmt.bufPrint(&buf, f, args) catch "<overflow>\n";
    _ = write(1, s.ptr, s.len);
}

// generic sums, maxima and folds: one instance per element type
fn sum(comptime T: type, xs: []const T) T {
    var s: T = 0;
    for (xs) |x| s +%= x;
    return s;
}
fn sumF(comptime T: type, xs: []const T) T {
    var s: T = 0;
    for (xs) |x| s += x;
    return s;
}
fn maxOf(comptime T: type, xs: []const T) T {
    var m: T = xs[0];
    for (xs[1..]) |x| {
        if (x > m) m = x;
    }
    return m;
}
fn countIf(comptime T: type, xs: []const T, comptime pred: fn (T) bool) usize {
    var n: usize = 0;
    for (xs) |x| {
        if (pred(x)) n += 1;
    }
    return n;
}
fn isOdd(comptime T: type) fn (T) bool {
    return struct {
        fn f(x: T) bool {
            return @rem(x, 2) != 0;
        }
    }.f;
}
fn isBig(comptime T: type) fn (T) bool {
    return struct {
        fn f(x: T) bool {
            return x > 100;
        }
    }.f;
}

// a generic stack whose methods are instantiated per element type
fn Stack(comptime T: type) type {
    return struct {
        items: std.ArrayList(T) = .empty,
        gpa: std.mem.Allocator,

        const Self = @This();
        fn init(gpa: std.mem.Allocator) Self {
            return .{ .gpa = gpa };
        }
        fn deinit(self: *Self) void {
            self.items.deinit(self.gpa);
        }
        fn push(self: *Self, x: T) !void {
            try self.items.append(self.gpa, x);
        }
        fn pop(self: *Self) ?T {
            return self.items.pop();
        }
        fn len(self: *const Self) usize {
            return self.items.items.len;
        }
    };
}

// error unions and a parser with several error kinds
const ParseError = error{ Empty, BadDigit, Overflow };
fn parseUnsigned(comptime T: type, s: []const u8) ParseError!T {
    if (s.len == 0) return error.Empty;
    var v: T = 0;
    for (s) |ch| {
        if (ch < '0' or ch > '9') return error.BadDigit;
        v = std.math.mul(T, v, 10) catch return error.Overflow;
        v = std.math.add(T, v, @intCast(ch - '0')) catch return error.Overflow;
    }
    return v;
}

// tagged unions with a method per variant
const Shape = union(enum) {
    circle: f64,
    square: f64,
    rect: struct { w: f64, h: f64 },
    tri: struct { b: f64, h: f64 },

    fn area(self: Shape) f64 {
        return switch (self) {
            .circle => |r| std.math.pi * r * r,
            .square => |s| s * s,
            .rect => |r| r.w * r.h,
            .tri => |t| t.b * t.h / 2,
        };
    }
    fn scale(self: Shape, k: f64) Shape {
        return switch (self) {
            .circle => |r| .{ .circle = r * k },
            .square => |s| .{ .square = s * k },
            .rect => |r| .{ .rect = .{ .w = r.w * k, .h = r.h * k } },
            .tri => |t| .{ .tri = .{ .b = t.b * k, .h = t.h * k } },
        };
    }
};

// structs of one layout and their accessors
const PointI = struct { x: i32, y: i32 };
const PointU = struct { x: u32, y: u32 };
fn getX(comptime P: type, p: *const P) @TypeOf(p.x) {
    return p.x;
}
fn getY(comptime P: type, p: *const P) @TypeOf(p.y) {
    return p.y;
}

fn lessBy(comptime T: type, comptime desc: bool) fn (void, T, T) bool {
    return struct {
        fn f(_: void, a: T, b: T) bool {
            return if (desc) a > b else a < b;
        }
    }.f;
}

fn sortDemo(comptime T: type, gpa: std.mem.Allocator, n: usize) !void {
    const xs = try gpa.alloc(T, n);
    defer gpa.free(xs);
    var seed: u32 = 12345;
    for (xs) |*x| {
        seed = seed *% 1103515245 +% 12345;
        x.* = @intCast(seed >> 17);
    }
    std.mem.sort(T, xs, {}, lessBy(T, false));
    const a0 = xs[0];
    const a1 = xs[n - 1];
    std.sort.pdq(T, xs, {}, lessBy(T, true));
    out("sort {s}: {d} {d} {d} {d}\n", .{ @typeName(T), a0, a1, xs[0], xs[n - 1] });
}

fn wordCounts(gpa: std.mem.Allocator, text: []const u8) !void {
    var map = std.StringHashMap(u32).init(gpa);
    defer map.deinit();
    var it = std.mem.tokenizeAny(u8, text, " ,.\n");
    while (it.next()) |w| {
        const e = try map.getOrPut(w);
        if (e.found_existing) e.value_ptr.* += 1 else e.value_ptr.* = 1;
    }
    // print in a fixed order: sorted by key
    var keys: std.ArrayList([]const u8) = .empty;
    defer keys.deinit(gpa);
    var kit = map.keyIterator();
    while (kit.next()) |k| try keys.append(gpa, k.*);
    std.mem.sort([]const u8, keys.items, {}, struct {
        fn f(_: void, a: []const u8, b: []const u8) bool {
            return std.mem.lessThan(u8, a, b);
        }
    }.f);
    for (keys.items) |k| out("word {s}={d}\n", .{ k, map.get(k).? });
}

fn intMaps(gpa: std.mem.Allocator) !void {
    var a = std.AutoHashMap(u32, u64).init(gpa);
    defer a.deinit();
    var b = std.AutoHashMap(i32, i64).init(gpa);
    defer b.deinit();
    var i: u32 = 0;
    while (i < 200) : (i += 1) {
        try a.put(i * 7, @as(u64, i) * i);
        try b.put(@as(i32, @intCast(i)) - 100, @as(i64, @intCast(i)) - 50);
    }
    var sa: u64 = 0;
    var sb: i64 = 0;
    i = 0;
    while (i < 1400) : (i += 1) {
        if (a.get(i)) |v| sa +%= v;
        if (b.get(@as(i32, @intCast(i)) - 700)) |v| sb += v;
    }
    out("maps {d} {d} {d} {d}\n", .{ a.count(), b.count(), sa, sb });
}

pub fn main() !void {
    var arena = std.heap.ArenaAllocator.init(std.heap.page_allocator);
    defer arena.deinit();
    const gpa = arena.allocator();

    const i32s = [_]i32{ 3, -7, 250, 11, -2, 101 };
    const u32s = [_]u32{ 3, 4000000000, 250, 11, 2, 101 };
    const i64s = [_]i64{ 3, -7, 250, 11, -2, 101 };
    const u64s = [_]u64{ 3, 7, 250, 11, 2, 101 };
    const i16s = [_]i16{ 3, -7, 250, 11, -2, 101 };
    const f32s = [_]f32{ 1.5, -2.25, 300.0 };
    const f64s = [_]f64{ 1.5, -2.25, 300.0 };
    out("sum {d} {d} {d} {d} {d} {d} {d}\n", .{ sum(i32, &i32s), sum(u32, &u32s), sum(i64, &i64s), sum(u64, &u64s), sum(i16, &i16s), sumF(f32, &f32s), sumF(f64, &f64s) });
    out("max {d} {d} {d} {d} {d} {d}\n", .{ maxOf(i32, &i32s), maxOf(u32, &u32s), maxOf(i64, &i64s), maxOf(u64, &u64s), maxOf(i16, &i16s), maxOf(f64, &f64s) });
    out("odd {d} {d} {d} {d} big {d} {d} {d} {d}\n", .{ countIf(i32, &i32s, isOdd(i32)), countIf(u32, &u32s, isOdd(u32)), countIf(i64, &i64s, isOdd(i64)), countIf(u64, &u64s, isOdd(u64)), countIf(i32, &i32s, isBig(i32)), countIf(u32, &u32s, isBig(u32)), countIf(i64, &i64s, isBig(i64)), countIf(u64, &u64s, isBig(u64)) });

    var s1 = Stack(u32).init(gpa);
    defer s1.deinit();
    var s2 = Stack(i32).init(gpa);
    defer s2.deinit();
    var s3 = Stack(f32).init(gpa);
    defer s3.deinit();
    var k: u32 = 0;
    while (k < 50) : (k += 1) {
        try s1.push(k * 3);
        try s2.push(@as(i32, @intCast(k)) - 25);
        try s3.push(@as(f32, @floatFromInt(k)) / 4);
    }
    var t1: u64 = 0;
    var t2: i64 = 0;
    var t3: f64 = 0;
    while (s1.pop()) |v| t1 += v;
    while (s2.pop()) |v| t2 += v;
    while (s3.pop()) |v| t3 += v;
    out("stacks {d} {d} {d} {d:.3}\n", .{ s1.len() + s2.len(), t1, t2, t3 });

    const inputs = [_][]const u8{ "123", "", "12x", "99999999999", "255", "256", "4294967295" };
    for (inputs) |in| {
        const a = parseUnsigned(u8, in);
        const b = parseUnsigned(u32, in);
        const c = parseUnsigned(u64, in);
        out("parse '{s}': {any} {any} {any}\n", .{ in, a, b, c });
    }

    const shapes = [_]Shape{ .{ .circle = 2 }, .{ .square = 3 }, .{ .rect = .{ .w = 2, .h = 5 } }, .{ .tri = .{ .b = 2, .h = 5 } } };
    var total: f64 = 0;
    for (shapes) |sh| {
        const big = sh.scale(2);
        total += big.area();
        out("shape {s} {d:.4} {d:.4}\n", .{ @tagName(sh), sh.area(), big.area() });
    }
    out("total {d:.4}\n", .{total});

    const pi = PointI{ .x = -5, .y = 9 };
    const pu = PointU{ .x = 4000000000, .y = 9 };
    out("points {d} {d} {d} {d}\n", .{ getX(PointI, &pi), getY(PointI, &pi), getX(PointU, &pu), getY(PointU, &pu) });

    try sortDemo(u32, gpa, 1000);
    try sortDemo(i32, gpa, 1000);
    try sortDemo(u16, gpa, 500);
    try sortDemo(i16, gpa, 500);
    try sortDemo(u64, gpa, 300);
    try wordCounts(gpa, "the merge keeps one function, the merge folds the others. one body, one symbol, the rest thunks.");
    try intMaps(gpa);
}

// `zig test` blocks: the test runner calls each through one function pointer type
test "parse" {
    try std.testing.expectEqual(@as(u8, 255), try parseUnsigned(u8, "255"));
    try std.testing.expectError(error.Overflow, parseUnsigned(u8, "256"));
    try std.testing.expectError(error.BadDigit, parseUnsigned(u32, "1a"));
    try std.testing.expectEqual(@as(u64, 99999999999), try parseUnsigned(u64, "99999999999"));
}
test "generic sums" {
    const a = [_]i32{ -1, 2, -3 };
    const b = [_]u32{ 1, 2, 3 };
    try std.testing.expectEqual(@as(i32, -2), sum(i32, &a));
    try std.testing.expectEqual(@as(u32, 6), sum(u32, &b));
    try std.testing.expectEqual(@as(usize, 2), countIf(i32, &a, isOdd(i32)));
    try std.testing.expectEqual(@as(usize, 2), countIf(u32, &b, isOdd(u32)));
}
test "stacks and maps" {
    var s = Stack(i64).init(std.testing.allocator);
    defer s.deinit();
    try s.push(-4);
    try s.push(9);
    try std.testing.expectEqual(@as(?i64, 9), s.pop());
    var m = std.AutoHashMap(u16, i16).init(std.testing.allocator);
    defer m.deinit();
    try m.put(7, -7);
    try m.put(8, -8);
    try std.testing.expectEqual(@as(?i16, -8), m.get(8));
}
test "sort" {
    var xs = [_]i16{ 5, -3, 9, 0, -3 };
    std.sort.pdq(i16, &xs, {}, lessBy(i16, false));
    try std.testing.expectEqualSlices(i16, &[_]i16{ -3, -3, 0, 5, 9 }, &xs);
    std.mem.sort(i16, &xs, {}, lessBy(i16, true));
    try std.testing.expectEqualSlices(i16, &[_]i16{ 9, 5, 0, -3, -3 }, &xs);
}
test "shapes" {
    const s: Shape = .{ .rect = .{ .w = 2, .h = 3 } };
    try std.testing.expectApproxEqAbs(@as(f64, 24), s.scale(2).area(), 1e-9);
}
