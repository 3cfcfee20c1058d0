module main;

import std.stdio;
import std.algorithm : map, filter, sort, sum, reduce, canFind, uniq, joiner;
import std.array : array, join;
import std.range : iota, retro, chain, take, zip;
import std.conv : to;
import std.format : format;
import core.exception : RangeError;
import containers;
import shapes;

void main()
{
    // generics over many types
    writeln(sumOf([1, 2, 3]), " ", sumOf([1L, 2L, 3_000_000_000L]), " ", sumOf([1.5, 2.25]));
    writeln(sumOf(cast(ubyte[]) [1, 2, 3]), " ", sumOf(cast(short[]) [1, 2, 300]), " ", sumOf([1.5f, 2.25f]));
    writeln(sumOf([1u, 2u]), " ", sumOf([1uL, 2uL]), " ", sumOf(cast(byte[]) [-1, -2]));
    writeln(maxOf([3, 9, 2]), " ", maxOf([3L, -9L]), " ", maxOf(cast(ubyte[]) [3, 200]), " ", maxOf([1.5, -2.0]));
    writeln(maxOf(["pear", "apple", "zoo"]), " ", maxOf(cast(byte[]) [-3, -9, -2]), " ", maxOf([1u, 7u]));
    writeln(countIf!(x => x % 2 == 0)([1, 2, 3, 4]), " ", countIf!(x => x > 1)([1L, 2L, 3L]),
            " ", countIf!(s => s.length > 1)(["a", "bb", "ccc"]), " ", countIf!(x => x > 128)(cast(ubyte[]) [1, 255]));

    Stack!int si; Stack!long sl; Stack!string ss; Stack!double sd; Stack!char sc; Stack!(int[]) sa;
    foreach (i; 0 .. 5) { si.push(i); sl.push(i * 10L); sd.push(i * 0.5); sc.push(cast(char)('a' + i)); }
    ss.push("x"); ss.push("y"); sa.push([1, 2]); sa.push([3]);
    writeln(si.pop, " ", sl.pop, " ", ss.pop, " ", sd.pop, " ", sc.pop, " ", sa.pop);
    writeln(si.length, " ", sl.length, " ", ss.length, " ", sd.length, " ", sc.length, " ", sa.length);
    try
    {
        writeln(si.at(10));
    }
    catch (RangeError e)
    {
        writeln("RangeError caught");
    }

    auto p1 = Pair!(int, string)(1, "one");
    auto p2 = Pair!(double, char)(1.5, 'q');
    auto p3 = Pair!(ubyte, long)(7, 8);
    writeln(p1.show, " ", p1.swap.show, " ", p2.swap.show, " ", p3.swap.show);

    Shape[] shapes = [new Circle(1.0), new Square(2.0), new Rect(2.0, 3.0)];
    foreach (s; shapes)
        writeln(s.name, " ", s.area, " ", (cast(Named) s).label);
    writeln(shapes.map!(s => s.area).sum);

    foreach (i; 0 .. 6)
    {
        try
            writeln("risky ", risky(i));
        catch (AppError e)
            writeln("AppError ", e.code, " ", e.msg);
        catch (OtherError e)
            writeln("OtherError ", e.msg);
    }
    foreach (n; 0 .. 3)
    {
        try
            writeln("resources ", useResources(n));
        catch (Exception e)
            writeln("caught ", e.msg);
    }
    writeln(log.join("; "));

    // associative arrays of several types
    int[string] a1 = ["one": 1, "two": 2, "three": 3];
    string[int] a2 = [1: "one", 2: "two"];
    double[char] a3 = ['a': 1.5, 'b': 2.5];
    long[][long] a4;
    foreach (i; 1 .. 21)
        a4[i % 4] ~= i;
    writeln(a1.keys.sort.array, " ", a1.values.sum, " ", a2[2], " ", (3 in a2) is null);
    writeln(a3.values.sort.array, " ", a3.keys.map!(c => cast(int) c).array.sort.array);
    foreach (k; a4.keys.sort)
        writeln(k, ": ", a4[k]);

    // ranges and std.algorithm
    auto r = iota(1, 31);
    writeln(r.filter!(x => x % 2 == 0).map!(x => x * x).sum);
    writeln(r.map!(x => cast(long) x).reduce!((a, x) => (a * x) % 1_000_000_007L));
    writeln(r.retro.take(3).array, " ", chain([1, 2], [3]).array);
    auto words = ["delta", "alpha", "charlie", "bravo", "echo"];
    writeln(words.dup.sort.array.join(" "), " ", words.map!(w => w.length).sum);
    writeln(zip(iota(3), ["a", "b", "c"]).map!(t => format("%d%s", t[0], t[1])).join(","));
    writeln([1, 1, 2, 2, 3].uniq.array, " ", words.canFind("echo"));
    writeln(format("%05d|%-6s|%.3f", 42, "ab", 3.14159));

    // thread-local module state
    foreach (i; 0 .. 7)
        bump();
    writeln("calls ", callCount);

    // delegates and closures
    int delegate(int)[] adders;
    foreach (n; 1 .. 6)
        adders ~= ((m) => (int x) => x + m)(n);
    writeln(adders.map!(f => f(10)).array);
    long delegate(long)[] muls = [(long x) => x * 2, (long x) => x * 3];
    writeln(muls.map!(f => f(7)).array);
    writeln(to!string(12345), " ", to!int("678"), " ", to!double("2.5"));
    // twins on thread-local state and twins with landing pads, called through pointers
    // too (addresses compared)
    writeln(bumpA(1), " ", bumpA2(2), " ", bumpB(5), " ", bumpA(0), " ", tlsB);
    int function(int) f1 = &bumpA, f2 = &bumpA2, f3 = &bumpB;
    writeln(f1(1), " ", f2(1), " ", f3(1), " ", f1 is f2, " ", f1 is f3);
    writeln(parseOr("12", -1), " ", parseOr("x", -1), " ", parseOr2("x", -2), " ", parseOrAny("y", -3));
    int function(string, int) q1 = &parseOr, q2 = &parseOr2;
    writeln(q1("7", 0), " ", q2("z", 9), " ", q1 is q2);
}
