// Generic containers and algorithms instantiated for many types.
module containers;

import std.conv : to;

struct Stack(T)
{
    private T[] items;
    void push(T x) @safe { items ~= x; }
    T pop() @safe { auto x = items[$ - 1]; items = items[0 .. $ - 1]; return x; }
    size_t length() const @safe { return items.length; }
    bool empty() const @safe { return items.length == 0; }
    T at(size_t i) @safe { return items[i]; } // bounds-checked
}

T sumOf(T)(const T[] xs) @safe
{
    T acc = 0;
    foreach (x; xs)
        acc += x;
    return acc;
}

T maxOf(T)(const T[] xs) @safe
{
    T best = xs[0];
    foreach (x; xs)
        if (x > best)
            best = x;
    return best;
}

size_t countIf(alias pred, T)(const T[] xs)
{
    size_t n = 0;
    foreach (x; xs)
        if (pred(x))
            ++n;
    return n;
}

struct Pair(A, B)
{
    A a;
    B b;
    Pair!(B, A) swap() const { return Pair!(B, A)(b, a); }
    string show() const { return "(" ~ to!string(a) ~ ", " ~ to!string(b) ~ ")"; }
}

// module-level variables are thread-local in D
int callCount;
shared int sharedCount;

void bump() { ++callCount; }

// near-twins on thread-local state: one variable twice (alike), two variables (apart)
int tlsA, tlsB;
int bumpA(int by) { tlsA += by; return tlsA; }
int bumpA2(int by) { tlsA += by; return tlsA; }
int bumpB(int by) { tlsB += by; return tlsB; }
