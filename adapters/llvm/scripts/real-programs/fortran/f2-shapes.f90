! Polymorphism: an abstract type with deferred bindings, extensions whose bindings are
! alike (type descriptors hold their addresses), select type, class(*) containers,
! finalizers, and allocatable polymorphic arrays.
module shapes
  implicit none
  private
  public :: shape, circle, square, rect, tri, describe, shape_box, kind_name, finalized

  integer, save :: finalized = 0

  type, abstract :: shape
    character(len=8) :: tag = ''
  contains
    procedure(area_if), deferred :: area
    procedure(area_if), deferred :: perimeter
    procedure :: scaled_area
    procedure :: name => shape_name
  end type
  abstract interface
    real(8) function area_if(s)
      import :: shape
      class(shape), intent(in) :: s
    end function
  end interface

  type, extends(shape) :: circle
    real(8) :: r = 1
  contains
    procedure :: area => circle_area
    procedure :: perimeter => circle_perimeter
  end type
  type, extends(shape) :: square
    real(8) :: side = 1
  contains
    procedure :: area => square_area
    procedure :: perimeter => square_perimeter
    final :: square_final
  end type
  type, extends(shape) :: rect
    real(8) :: w = 1, h = 1
  contains
    procedure :: area => rect_area
    procedure :: perimeter => rect_perimeter
    final :: rect_final
  end type
  ! same layout as rect: its bindings read the same components
  type, extends(shape) :: tri
    real(8) :: base = 1, height = 1
  contains
    procedure :: area => tri_area
    procedure :: perimeter => tri_perimeter
  end type

  type :: shape_box
    class(shape), allocatable :: s
  end type

contains
  real(8) function scaled_area(s, k)
    class(shape), intent(in) :: s
    real(8), intent(in) :: k
    scaled_area = s%area() * k * k
  end function
  function shape_name(s) result(n)
    class(shape), intent(in) :: s
    character(len=8) :: n
    n = s%tag
  end function

  real(8) function circle_area(s)
    class(circle), intent(in) :: s
    circle_area = 3.141592653589793d0 * s%r * s%r
  end function
  real(8) function circle_perimeter(s)
    class(circle), intent(in) :: s
    circle_perimeter = 2 * 3.141592653589793d0 * s%r
  end function
  real(8) function square_area(s)
    class(square), intent(in) :: s
    square_area = s%side * s%side
  end function
  real(8) function square_perimeter(s)
    class(square), intent(in) :: s
    square_perimeter = 4 * s%side
  end function
  real(8) function rect_area(s)
    class(rect), intent(in) :: s
    rect_area = s%w * s%h
  end function
  real(8) function rect_perimeter(s)
    class(rect), intent(in) :: s
    rect_perimeter = 2 * (s%w + s%h)
  end function
  real(8) function tri_area(s)
    class(tri), intent(in) :: s
    tri_area = s%base * s%height
    tri_area = tri_area / 2
  end function
  real(8) function tri_perimeter(s)
    class(tri), intent(in) :: s
    tri_perimeter = 2 * (s%base + s%height)
  end function
  subroutine square_final(s)
    type(square), intent(inout) :: s
    finalized = finalized + 1
  end subroutine
  subroutine rect_final(s)
    type(rect), intent(inout) :: s
    finalized = finalized + 1
  end subroutine

  function kind_name(x) result(n)
    class(*), intent(in) :: x
    character(len=12) :: n
    select type (x)
    type is (integer(4))
      write (n, '(A,I5)') 'int4 ', x
    type is (integer(8))
      write (n, '(A,I5)') 'int8 ', x
    type is (real(8))
      write (n, '(A,F6.2)') 'real8 ', x
    type is (logical)
      write (n, '(A,L2)') 'logical ', x
    class is (shape)
      n = 'shape ' // x%tag
    class default
      n = 'unknown'
    end select
  end function

  subroutine describe(boxes)
    type(shape_box), intent(in) :: boxes(:)
    integer :: i
    real(8) :: tot
    tot = 0
    do i = 1, size(boxes)
      associate (s => boxes(i)%s)
        select type (s)
        type is (circle)
          print '(A,A,3F10.4)', 'circle ', s%name(), s%area(), s%perimeter(), s%r
        type is (square)
          print '(A,A,3F10.4)', 'square ', s%name(), s%area(), s%perimeter(), s%side
        class is (rect)
          print '(A,A,3F10.4)', 'rect   ', s%name(), s%area(), s%perimeter(), s%w
        class default
          print '(A,A,2F10.4)', 'other  ', s%name(), s%area(), s%perimeter()
        end select
        tot = tot + s%scaled_area(2d0)
      end associate
    end do
    print '(A,F12.4)', 'total scaled area ', tot
  end subroutine
end module shapes
