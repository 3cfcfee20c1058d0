use rust_app::*;

fn main() {
    let v = shapes(40);
    println!("areas {}", v.iter().map(|s| s.area()).sum::<u64>());
    for (k, a) in area_by_name(&v) {
        println!("  {k} {a}");
    }
    println!(
        "{} {} {} {} {}",
        exercise::<u8>(300, 7),
        exercise::<u16>(300, 7),
        exercise::<u32>(300, 7),
        exercise::<u64>(300, 7),
        exercise::<usize>(300, 7)
    );
    println!(
        "{} {} {} {} {}",
        exercise::<i8>(300, 11),
        exercise::<i16>(300, 11),
        exercise::<i32>(300, 11),
        exercise::<i64>(300, 11),
        exercise::<isize>(300, 11)
    );
    std::panic::set_hook(Box::new(|_| {}));
    for e in ["1+2*3", "(1+2)*3", "10/(5+0)", "4/(2*0)", "2*(3+4", "((((7))))*6+2", "100/7/2", "", "1+2)"] {
        println!("eval {e:?} = {}", eval_caught(e));
    }
    for (w, n) in words("it was the best of times it was the worst of times it was the age of wisdom") {
        print!("{w}:{n} ");
    }
    println!();
    println!("closures {}", closures());
}
