// Classes, interfaces, exceptions, scope guards.
module shapes;

import std.format : format;

interface Shape
{
    double area() const;
    string name() const;
}

interface Named
{
    string label() const;
}

abstract class Base : Shape, Named
{
    string label() const { return "<" ~ name() ~ ">"; }
}

class Circle : Base
{
    double r;
    this(double r) { this.r = r; }
    double area() const { return 3.0 * r * r; }
    string name() const { return "circle"; }
}

class Square : Base
{
    double s;
    this(double s) { this.s = s; }
    double area() const { return s * s; }
    string name() const { return "square"; }
}

class Rect : Base
{
    double w, h;
    this(double w, double h) { this.w = w; this.h = h; }
    double area() const { return w * h; }
    string name() const { return "rect"; }
}

class AppError : Exception
{
    int code;
    this(int code, string msg) { super(msg); this.code = code; }
}

class OtherError : Exception
{
    this(string msg) { super(msg); }
}

string[] log;

int risky(int i)
{
    scope (exit) log ~= format("exit %d", i);
    scope (failure) log ~= format("failure %d", i);
    scope (success) log ~= format("success %d", i);
    if (i % 3 == 0)
        throw new AppError(i, "app");
    if (i % 3 == 1)
        throw new OtherError("other");
    return i * 2;
}

struct Resource
{
    string tag;
    ~this() { log ~= "dtor " ~ tag; }
}

int useResources(int n)
{
    auto a = Resource("a");
    auto b = Resource("b");
    if (n > 1)
        throw new Exception("too many");
    return n;
}

// twins that catch (D's personality, landing pads): alike, and one catching another class
int parseOr(string s, int fallback)
{
    import std.conv : to, ConvException;
    try
        return to!int(s);
    catch (ConvException e)
        return fallback;
}

int parseOr2(string s, int fallback)
{
    import std.conv : to, ConvException;
    try
        return to!int(s);
    catch (ConvException e)
        return fallback;
}

int parseOrAny(string s, int fallback)
{
    import std.conv : to;
    try
        return to!int(s);
    catch (Exception e)
        return fallback;
}
